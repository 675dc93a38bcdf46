import { AdminOnly, CurrentUser, LoggedIn } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { OrderSetStatusInputSchema } from '@dealership/order-schemas';
import type { AuthUser } from '@dealership/user-schemas';
import { Body, Controller, Get, Header, Param, Put } from '@nestjs/common';
import { toLegacyOrder } from './order.legacy-mapper';
import { OrderService } from './order.service';

/** The legacy order paths (under `/api/user/`, where the old server had them), in their shapes. */
@Controller('user')
export class OrderController {
  constructor(private readonly orders: OrderService) {}

  /** The caller's orders as a bare array, newest first. */
  @LoggedIn()
  @Get('orders')
  @Header('cache-control', 'private, no-store')
  async mine(@CurrentUser() user: AuthUser) {
    return (await this.orders.mine(user.id)).map(toLegacyOrder);
  }

  /** Every order as a bare array, newest first. */
  @AdminOnly()
  @Get('allOrders')
  @Header('cache-control', 'private, no-store')
  async all() {
    return (await this.orders.all()).map(toLegacyOrder);
  }

  @AdminOnly()
  @Put('orderStatus/:orderId')
  async setStatus(@Param('orderId') orderId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    // The id comes from the path and the status from the body; one parse names every bad field.
    const input = parseOrThrow(OrderSetStatusInputSchema, { ...(typeof body === 'object' && body !== null ? body : {}), orderId });
    const order = await this.orders.setStatus(input, user);
    return { success: true, message: `Order Changed to ${order.status}`, order: toLegacyOrder(order) };
  }
}
