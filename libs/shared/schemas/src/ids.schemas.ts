import { z } from 'zod';
import { text } from './text.schemas';

/** A record id (a UUID). */
export const IdSchema = z.uuid({ error: 'must be a valid id' });
export type Id = z.infer<typeof IdSchema>;

/** A URL slug as `slugify(name, { lower: true })` makes it. */
export const SlugSchema = text()
  .trim()
  .min(1, { error: 'Slug is required' })
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Invalid slug' });

/** ISO-8601 timestamp as sent over the wire. */
export const TimestampSchema = z.iso.datetime({ offset: true });
