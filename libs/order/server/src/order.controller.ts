import { AdminOnly, CurrentUser, LoggedIn } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { RestRoute } from '@dealership/server-openapi';
import { OrderSetStatusInputSchema } from '@dealership/order-schemas';
import type { AuthUser } from '@dealership/shared-schemas';
import { Body, Controller, Get, Header, Headers, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  IdempotencyHeaders,
  LegacyCreateOrderBodySchema,
  LegacyOrderListSchema,
  LegacyOrderResponseSchema,
  legacyPlaceInput,
  toLegacyOrder,
} from './order.legacy-mapper';
import { OrderService } from './order.service';

/** The legacy order paths (under `/api/user/`, where the old server had them), in their shapes. */
@Controller('user')
export class OrderController {
  constructor(private readonly orders: OrderService) {}

  /**
   * A reservation of the cart's cars, paid at the showroom: `{cart}` (car objects or ids; only the
   * ids are read, prices come from the database) -> 201 `{success, message, order}`. A car that is
   * not available -> 409 naming it. `Idempotency-Key` makes a resubmit return the first order.
   */
  @LoggedIn()
  @Post('create-order')
  @HttpCode(201)
  @Header('cache-control', 'no-store')
  @RestRoute({
    tag: 'order',
    summary: "Reserves the cart's cars, to pay at the showroom",
    description: "Only the cars' ids are read; prices come from the database.",
    headers: IdempotencyHeaders,
    body: { json: LegacyCreateOrderBodySchema },
    responses: {
      201: { description: 'The order, placed (status `Not Process`).', schema: LegacyOrderResponseSchema },
      409: 'A car is not available (named), or the same order is being placed already.',
      429: 'Too many orders from this account (10 an hour) or network (60 an hour); `Retry-After` says when to try again.',
    },
  })
  async create(
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ) {
    const order = await this.orders.place(user.id, legacyPlaceInput(body, idempotencyKey, 'reservation'), request.ip);
    return { success: true, message: 'Order placed: your cars are reserved; pay at the showroom', order: toLegacyOrder(order) };
  }

  /** The caller's orders as a bare array, newest first. */
  @LoggedIn()
  @Get('orders')
  @Header('cache-control', 'private, no-store')
  @RestRoute({
    tag: 'order',
    summary: "The caller's orders, newest first (a bare array)",
    responses: { 200: { description: 'The orders.', schema: LegacyOrderListSchema } },
  })
  async mine(@CurrentUser() user: AuthUser) {
    return (await this.orders.mine(user.id)).map(toLegacyOrder);
  }

  /**
   * Every order as a bare array, newest first: legacy clients read the whole list (the paged,
   * filtered list is tRPC `order.all`).
   */
  @AdminOnly()
  @Get('allOrders')
  @Header('cache-control', 'private, no-store')
  @RestRoute({
    tag: 'order',
    summary: 'Every order, newest first (a bare array)',
    responses: { 200: { description: 'The orders.', schema: LegacyOrderListSchema } },
  })
  async all() {
    return (await this.orders.all()).map(toLegacyOrder);
  }

  @AdminOnly()
  @Put('orderStatus/:orderId')
  @RestRoute({
    tag: 'order',
    summary: "Sets an order's status",
    description: 'Exactly `Not Process`, `Processing`, `Shipped`, `deliverd` or `cancel`; anything else is a 400.',
    params: OrderSetStatusInputSchema.pick({ orderId: true }),
    body: { json: OrderSetStatusInputSchema.omit({ orderId: true }) },
    responses: {
      200: { description: 'The order with its new status.', schema: LegacyOrderResponseSchema },
      404: 'No such order.',
      409: 'Reopening a cancelled order whose cars another order holds now.',
    },
  })
  async setStatus(@Param('orderId') orderId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    // The id comes from the path and the status from the body; one parse names every bad field.
    const input = parseOrThrow(OrderSetStatusInputSchema, { ...(typeof body === 'object' && body !== null ? body : {}), orderId });
    const order = await this.orders.setStatus(input, user);
    return { success: true, message: `Order Changed to ${order.status}`, order: toLegacyOrder(order) };
  }
}
