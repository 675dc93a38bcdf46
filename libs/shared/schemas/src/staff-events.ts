import { z } from 'zod';
import { IdSchema } from './ids.schemas';

/** Where the back office's live stream is served (`GET`, admin bearer token, `text/event-stream`). */
export const STAFF_EVENTS_PATH = '/api/staff/events';

/**
 * One message of the staff stream (each SSE `data:` line is one of these, as JSON). `ready`: the
 * stream is (again) complete from now on; events missed before it are not replayed, so the reader
 * refetches what it shows. `lead` / `order`: a row was inserted (committed) on any instance.
 */
export const StaffEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('lead'), id: IdSchema }),
  z.object({ kind: z.literal('order'), id: IdSchema }),
]);
export type StaffEvent = z.infer<typeof StaffEventSchema>;

/** Open streams one admin may hold at once (tabs, devices): a runaway tab cannot hold the server's sockets. */
export const STAFF_STREAMS_PER_USER = 5;
