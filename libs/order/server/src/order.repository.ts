import { type Order, ORDER_STATUSES, type OrderStats, type OrderStatus } from '@dealership/order-schemas';
import { DB, type Database, orderLines, orders } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { asc, count, desc, eq, type SQL } from 'drizzle-orm';

/** Orders, newest first (ties broken by id so the order is stable), with buyer and lines. */
function findOrders(db: Database, where?: SQL) {
  return db.query.orders.findMany({
    where,
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    columns: { id: true, status: true, amount: true, paymentSuccess: true, payment: true, createdAt: true },
    with: {
      buyer: { columns: { id: true, name: true } },
      lines: {
        columns: { id: true, carId: true, name: true, slug: true, price: true, imageUrl: true },
        orderBy: [asc(orderLines.position)],
      },
    },
  });
}

/** An order as `findOrders` loads it (the type Drizzle infers from the query). */
type OrderRow = Awaited<ReturnType<typeof findOrders>>[number];

/** The contract's order; only named payment fields leave (the provider's raw record stays here). */
function toOrder({ paymentSuccess, payment, createdAt, ...order }: OrderRow): Order {
  return {
    ...order,
    createdAt: createdAt.toISOString(),
    payment: {
      success: paymentSuccess,
      provider: payment.provider,
      ...(payment.transactionId ? { transactionId: payment.transactionId } : {}),
      ...(payment.status ? { status: payment.status } : {}),
    },
  };
}

/** The only code that reads the order tables; it returns API orders, never raw rows. */
@Injectable()
export class OrderRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  private async find(where?: SQL): Promise<Order[]> {
    return (await findOrders(this.db, where)).map(toOrder);
  }

  ofBuyer(buyerId: string): Promise<Order[]> {
    return this.find(eq(orders.buyerId, buyerId));
  }

  all(): Promise<Order[]> {
    return this.find();
  }

  async byId(id: string): Promise<Order | undefined> {
    const [order] = await this.find(eq(orders.id, id));
    return order;
  }

  /** Orders by status, in one grouped query; statuses no order has count 0. */
  async stats(): Promise<OrderStats> {
    const rows = await this.db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
    const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as OrderStats['byStatus'];
    for (const row of rows) byStatus[row.status] = row.count;
    return { total: rows.reduce((total, row) => total + row.count, 0), byStatus };
  }

  /** Sets an order's status; false when there is no such order. */
  async setStatus(id: string, status: OrderStatus): Promise<boolean> {
    const updated = await this.db.update(orders).set({ status }).where(eq(orders.id, id)).returning({ id: orders.id });
    return updated.length > 0;
  }
}
