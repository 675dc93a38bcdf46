import type { Order, OrderStatus } from '@dealership/order-schemas';
import { DB, type Database, orderLines, orders, type PaymentRecord } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { asc, desc, eq, type SQL } from 'drizzle-orm';

/** An order row as `find` loads it: the order, its buyer's name and its lines in order. */
interface OrderRow {
  id: string;
  status: OrderStatus;
  amount: number;
  paymentSuccess: boolean;
  payment: PaymentRecord;
  createdAt: Date;
  buyer: { id: string; name: string } | null;
  lines: { id: string; carId: string | null; name: string; slug: string; price: number; imageUrl: string | null }[];
}

/** The legacy order shape; only named payment fields leave (the provider's raw record stays here). */
function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    status: row.status,
    buyer: row.buyer ? { _id: row.buyer.id, name: row.buyer.name } : null,
    createdAt: row.createdAt.toISOString(),
    amount: row.amount,
    payment: {
      success: row.paymentSuccess,
      provider: row.payment.provider,
      ...(row.payment.transactionId ? { transactionId: row.payment.transactionId } : {}),
      ...(row.payment.status ? { status: row.payment.status } : {}),
    },
    products: row.lines.map((line) => ({
      _id: line.carId ?? line.id,
      slug: line.slug,
      name: line.name,
      price: line.price,
      productPictures: line.imageUrl ? [line.imageUrl] : [],
    })),
  };
}

/** The only code that reads the order tables; it returns API orders, never raw rows. */
@Injectable()
export class OrderRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Orders, newest first (ties broken by id so the order is stable). */
  private async find(where?: SQL): Promise<Order[]> {
    const rows: OrderRow[] = await this.db.query.orders.findMany({
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
    return rows.map(toOrder);
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

  /** Sets an order's status; false when there is no such order. */
  async setStatus(id: string, status: OrderStatus): Promise<boolean> {
    const updated = await this.db.update(orders).set({ status }).where(eq(orders.id, id)).returning({ id: orders.id });
    return updated.length > 0;
  }
}
