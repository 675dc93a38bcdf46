import { CurrentUser, LoggedIn } from '@dealership/server-auth';
import { type LegacyErrorBody, LegacyExceptionFilter } from '@dealership/server-core';
import { RestRoute } from '@dealership/server-openapi';
import type { AuthUser } from '@dealership/shared-schemas';
import { Body, Catch, Controller, Get, Header, Headers, HttpCode, Post, Req, UseFilters } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  IdempotencyHeaders,
  LegacyCardPaymentBodySchema,
  LegacyCardPaymentErrorSchema,
  LegacyCardPaymentResponseSchema,
  LegacyClientTokenSchema,
  legacyPlaceInput,
  toLegacyOrder,
} from './order.legacy-mapper';
import { CardPaymentService } from './card-payment.service';
import { OrderService } from './order.service';

/**
 * The payment call's failures as the legacy client reads them: `{ok:false, message}` (402 declined,
 * 502 gateway failure or timeout, 503 card payments off, 409 a car taken, 400 a bad field), with
 * the envelope's `success:false` too. Everything else is the app-wide filter's.
 */
@Catch()
class CardPaymentExceptionFilter extends LegacyExceptionFilter {
  override toResponse(exception: unknown): { status: number; body: LegacyErrorBody } {
    const { status, body } = super.toResponse(exception);
    const withOk: LegacyErrorBody & { ok: false } = { ok: false, ...body };
    return { status, body: withOk };
  }
}

/** The legacy Braintree paths (`/api/car/braintree/...`, where the old server had them). */
@Controller('car/braintree')
export class BraintreeController {
  constructor(
    private readonly orders: OrderService,
    private readonly cards: CardPaymentService,
  ) {}

  /**
   * The Drop-in's client token: `{clientToken}`; 503 `{success:false, message}` when card payments
   * are not configured (the client then offers reservations only). For signed-in buyers: only a
   * buyer about to pay needs one.
   */
  @LoggedIn()
  @Get('token')
  @Header('cache-control', 'private, no-store')
  @RestRoute({
    tag: 'order',
    summary: "The card form's (Braintree Drop-in) client token",
    responses: {
      200: { description: 'A client token.', schema: LegacyClientTokenSchema },
      502: 'The payment gateway failed or timed out.',
      503: 'Card payments are not configured (reserve instead), or the database is unavailable.',
    },
  })
  token() {
    return this.cards.clientToken();
  }

  /**
   * Pays for the cart's cars by card and places the order: `{nonce, cart}` -> `{ok:true, order}`
   * only when the sale succeeded, for the database's prices. A declined or failed sale records
   * no order. `Idempotency-Key` (or the same nonce) makes a resubmit return the first order.
   */
  @LoggedIn()
  @Post('payment')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @UseFilters(new CardPaymentExceptionFilter())
  @RestRoute({
    tag: 'order',
    summary: "Pays for the cart's cars by card and places the order",
    description:
      "The amount is the database's prices; the order is recorded only when the sale succeeded (a declined card records nothing). Failures are `{ok:false, success:false, message}`.",
    headers: IdempotencyHeaders,
    body: { json: LegacyCardPaymentBodySchema },
    errorBody: LegacyCardPaymentErrorSchema,
    responses: {
      200: { description: 'Paid: the order is recorded.', schema: LegacyCardPaymentResponseSchema },
      402: "The card was declined (the processor's text).",
      409: 'A car is not available (named), or the same order is being paid already.',
      429: 'Too many orders (10 an hour) or card attempts (5 an hour) from this account, or orders from this network (60 an hour); `Retry-After` says when.',
      502: 'The payment gateway failed or timed out; nothing was charged or recorded.',
      503: 'Card payments are not configured, or the database is unavailable.',
    },
  })
  async payment(
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ) {
    const order = await this.orders.place(user.id, legacyPlaceInput(body, idempotencyKey, 'card'), request.ip);
    return { ok: true, order: toLegacyOrder(order) };
  }
}
