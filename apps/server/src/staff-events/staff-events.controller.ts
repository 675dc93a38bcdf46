import { AdminOnly, type AuthenticatedRequest, AuthService, CurrentUser } from '@dealership/server-auth';
import { RestRoute } from '@dealership/server-openapi';
import { type AuthUser, STAFF_STREAMS_PER_USER } from '@dealership/shared-schemas';
import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { STAFF_HEARTBEAT_MS, StaffEventHub } from './staff-event-hub';
import { StaffStreamLimitError } from './staff-events.errors';

/**
 * `GET /api/staff/events`: the back office's live feed of new leads and orders, as server-sent
 * events. A REST route rather than a tRPC subscription: the browser reads it with `fetch`, so the
 * bearer token goes in the `Authorization` header and the access guard checks it like any admin
 * route (`EventSource`, which tRPC's subscription link uses, cannot send headers; the token
 * would have to go in the URL, and so into logs).
 */
@AdminOnly()
@Controller('staff')
export class StaffEventsController {
  constructor(
    private readonly hub: StaffEventHub,
    private readonly auth: AuthService,
  ) {}

  @Get('events')
  @RestRoute({
    summary: 'The back office live feed: new leads and orders as server-sent events',
    description:
      'Each message is one `data:` line of JSON: `{"kind":"ready"}` when the stream starts (nothing missed before it is replayed: refetch), ' +
      `then \`{"kind":"lead","id":...}\` or \`{"kind":"order","id":...}\` for each new row, whichever instance took it. A comment line every ${STAFF_HEARTBEAT_MS / 1000} s; ` +
      `the stream ends when the session does, and at shutdown. At most ${STAFF_STREAMS_PER_USER} open streams per account.`,
    responses: {
      200: { description: 'The stream (it does not end while the session lasts).', content: { 'text/event-stream': z.string() } },
      429: 'Too many streams open for this account (or on this instance).',
    },
  })
  events(@Req() request: AuthenticatedRequest, @Res() reply: FastifyReply, @CurrentUser() user: AuthUser) {
    const authorization = request.headers.authorization;
    const stream = this.hub.open(user.id, async () => (await this.auth.denialFor(authorization, 'admin')) === null);
    if (!stream) throw new StaffStreamLimitError();
    reply.raw.once('close', () => stream.close());
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // nginx would otherwise hold the events in its buffer.
        .header('x-accel-buffering', 'no')
        .send(stream.body)
    );
  }
}
