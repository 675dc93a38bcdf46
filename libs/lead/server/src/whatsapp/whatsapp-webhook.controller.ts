import { Public } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig, parseOrThrow } from '@dealership/server-core';
import { RestRoute } from '@dealership/server-openapi';
import { Controller, Get, Header, HttpCode, HttpException, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { text } from '@dealership/shared-schemas';
import { z } from 'zod';
import { inboundItems, WebhookBodySchema } from './whatsapp-payload';
import { WhatsAppService } from './whatsapp.service';

const HandshakeQuerySchema = z.object({
  'hub.mode': text().optional(),
  'hub.verify_token': text().optional(),
  'hub.challenge': text().max(200).optional(),
});

const ReceivedSchema = z.strictObject({ received: z.literal(true) });

/** Whether `signature` (`sha256=<hex>`) is the HMAC-SHA256 of `body` with `secret`, compared in constant time. */
export function validSignature(body: Buffer, signature: string | undefined, secret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(signature ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/**
 * Meta's WhatsApp Cloud API webhook (`/api/whatsapp/webhook`, given to Meta in the app's settings):
 * the verification handshake, and deliveries signed with the app secret (`X-Hub-Signature-256`,
 * checked on the raw bytes). A delivery is kept before it is answered, and worked after: Meta
 * retries what is not answered 200 quickly, and the same message twice makes one effect.
 */
@Public()
@Controller('whatsapp')
export class WhatsAppWebhookController {
  constructor(
    private readonly whatsapp: WhatsAppService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('webhook')
  @Header('cache-control', 'no-store')
  @RestRoute({
    tag: 'whatsapp',
    summary: "Meta's webhook verification handshake",
    query: HandshakeQuerySchema,
    responses: {
      200: { description: '`hub.challenge`, as text, when `hub.verify_token` is WHATSAPP_VERIFY_TOKEN.', content: { 'text/plain': z.string() } },
      403: 'A wrong verify token.',
      404: 'WhatsApp is not set up on this site.',
    },
    database: false,
  })
  handshake(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply): string {
    const q = parseOrThrow(HandshakeQuerySchema, query);
    const settings = this.config.messaging.whatsapp;
    const token = Buffer.from(q['hub.verify_token'] ?? '');
    const expected = Buffer.from(settings?.verifyToken ?? '');
    if (!settings) throw new HttpException({ success: false, message: 'WhatsApp is not set up on this site' }, 404);
    const matches = token.length === expected.length && timingSafeEqual(token, expected);
    if (q['hub.mode'] !== 'subscribe' || !matches) throw new HttpException({ success: false, message: 'Forbidden: wrong verify token' }, 403);
    reply.type('text/plain; charset=utf-8');
    return q['hub.challenge'] ?? '';
  }

  @Post('webhook')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @RestRoute({
    tag: 'whatsapp',
    summary: "Meta's WhatsApp deliveries: buyers' messages and our messages' statuses",
    body: { description: 'Meta\'s `{object: "whatsapp_business_account", entry: [...]}`, signed in `X-Hub-Signature-256`.', json: WebhookBodySchema },
    responses: {
      200: { description: 'Kept: worked within seconds.', schema: ReceivedSchema },
      401: 'No signature, or not the app secret\'s.',
      404: 'WhatsApp is not set up on this site.',
      500: 'The delivery could not be kept: Meta delivers it again later.',
    },
  })
  async deliver(@Req() request: FastifyRequest): Promise<{ received: true }> {
    const body = parseOrThrow(WebhookBodySchema, request.body);
    const settings = this.config.messaging.whatsapp;
    if (!settings) throw new HttpException({ success: false, message: 'WhatsApp is not set up on this site' }, 404);
    const raw = (request as FastifyRequest & { rawBody?: Buffer }).rawBody;
    const signature = request.headers['x-hub-signature-256'];
    if (!raw || !validSignature(raw, typeof signature === 'string' ? signature : undefined, settings.appSecret)) {
      throw new HttpException({ success: false, message: 'X-Hub-Signature-256: not signed with the app secret' }, 401);
    }
    await this.whatsapp.receive(inboundItems(body));
    return { received: true };
  }
}
