import { AlertTokenInputSchema } from '@dealership/alert-schemas';
import { Public } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { RestRoute } from '@dealership/server-openapi';
import { sitePath } from '@dealership/shared-schemas';
import { Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AlertService } from './alert.service';

const OneClickAnswerSchema = z.strictObject({ removed: z.number().int().describe('How many alerts ended (0 when the link was used before)') });

/**
 * The one-click unsubscribe of the alert digests' `List-Unsubscribe` header (RFC 8058, `ALERT_ONE_CLICK_PATH`):
 * public, as the signed token is the check (the same as the message's link; no sign-in).
 */
@Public()
@Controller('alerts')
export class AlertController {
  constructor(private readonly alerts: AlertService) {}

  /** The mail provider's post (`List-Unsubscribe=One-Click`, form-encoded; the body says nothing more). */
  @Post('unsubscribe')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @RestRoute({
    tag: 'alert',
    summary: "Ends every alert of the token's subscriber: a mail app's one-click unsubscribe (RFC 8058)",
    query: AlertTokenInputSchema,
    body: { description: '`List-Unsubscribe=One-Click`, form-encoded (application/x-www-form-urlencoded), as mail providers post it.', required: false },
    responses: {
      200: { description: 'The alerts ended.', schema: OneClickAnswerSchema },
      400: 'The token is missing or not one of ours (edited, cut short).',
    },
  })
  unsubscribe(@Query() query: unknown) {
    return this.alerts.unsubscribe(parseOrThrow(AlertTokenInputSchema, query).token);
  }

  /** The same address opened in a browser: the unsubscribe page, which asks for the click. */
  @Get('unsubscribe')
  @HttpCode(303)
  @RestRoute({
    tag: 'alert',
    summary: 'The one-click address opened in a browser: a redirect to the unsubscribe page',
    query: AlertTokenInputSchema,
    responses: { 303: 'To `/alerts/unsubscribe?token=...`.', 400: 'The token is missing or too long.' },
  })
  page(@Query() query: unknown, @Res() reply: FastifyReply) {
    const { token } = parseOrThrow(AlertTokenInputSchema, query);
    return reply.redirect(`${sitePath('alerts', { page: 'unsubscribe' })}?token=${encodeURIComponent(token)}`, 303);
  }
}
