import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { Order, OrderSetStatusInput, OrderStats } from '@dealership/order-schemas';
import { Injectable } from '@nestjs/common';
import { OrderNotFoundError } from './order.errors';
import { OrderRepository } from './order.repository';

@Injectable()
export class OrderService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly audit: AuditService,
  ) {}

  /** The buyer's own orders, newest first. */
  mine(buyerId: string): Promise<Order[]> {
    return this.orders.ofBuyer(buyerId);
  }

  /** Every order, newest first (admin). */
  all(): Promise<Order[]> {
    return this.orders.all();
  }

  /** Every order counted by status (admin). */
  stats(): Promise<OrderStats> {
    return this.orders.stats();
  }

  /** Any of the legacy statuses may follow any other: the spec shows no transition rule. */
  async setStatus({ orderId, status }: OrderSetStatusInput, actor: AuditActor): Promise<Order> {
    const before = await this.orders.byId(orderId);
    if (!before || !(await this.orders.setStatus(orderId, status))) throw new OrderNotFoundError(orderId);
    const order = await this.orders.byId(orderId);
    if (!order) throw new OrderNotFoundError(orderId);
    await this.audit.record({
      actor,
      entity: 'order',
      entityId: orderId,
      label: order.buyer ? `Order of ${order.buyer.name}` : undefined,
      action: 'setStatus',
      before: { status: before.status },
      after: { status: order.status },
    });
    return order;
  }
}
