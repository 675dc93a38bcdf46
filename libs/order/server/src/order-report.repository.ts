import type { OrderReport } from '@dealership/order-schemas';
import { orderLines, orders } from '@dealership/order-data';
import { type Database, DB } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { placed } from './order-rows';

/** The owner's figures of the orders (`order.report`): each one SQL query over the placed orders. */
@Injectable()
export class OrderReportRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * The owner's figures since `since`: delivered orders per month (their count and KES),
   * reservations ended per month, and what the cars sold earned (issue 46).
   */
  async report(since: Date): Promise<OrderReport> {
    // The month an order was delivered (or cancelled): its last change, in Nairobi.
    const month = sql<string>`to_char(${orders.updatedAt} at time zone 'Africa/Nairobi', 'YYYY-MM')`;
    const deliveredSince = and(placed(), eq(orders.status, 'deliverd'), gte(orders.updatedAt, since));
    const [salesPerMonth, reservationsEnded, grossProfitPerMonth, carsSold, [{ averageDaysToSell }]] = await Promise.all([
      this.db
        .select({ month, count: count(), amount: sql<number>`coalesce(sum(${orders.amount}), 0)::bigint`.mapWith(Number) })
        .from(orders)
        .where(deliveredSince)
        .groupBy(month)
        .orderBy(month),
      this.db
        .select({
          month,
          // Ended by the hold sweep: cancelled at or after the hold's end, no deposit paid.
          expired: sql<number>`count(*) filter (where ${orders.holdExpiresAt} is not null and ${orders.updatedAt} >= ${orders.holdExpiresAt} and ${orders.depositPaidAt} is null)::int`,
          cancelled: sql<number>`count(*) filter (where not (${orders.holdExpiresAt} is not null and ${orders.updatedAt} >= ${orders.holdExpiresAt} and ${orders.depositPaidAt} is null))::int`,
        })
        .from(orders)
        .where(and(placed(), eq(orders.paymentMethod, 'reservation'), eq(orders.status, 'cancel'), gte(orders.updatedAt, since)))
        .groupBy(month)
        .orderBy(month),
      this.db
        .select({
          month,
          carsSold: count(),
          revenueKes: sql<number>`coalesce(sum(${orderLines.price}), 0)::bigint`.mapWith(Number),
          costKes: sql<number>`coalesce(sum(${orderLines.costKes}), 0)::bigint`.mapWith(Number),
          grossProfitKes: sql<number>`coalesce(sum(${orderLines.price} - ${orderLines.costKes}) filter (where ${orderLines.costKes} is not null), 0)::bigint`.mapWith(Number),
          withoutCosts: sql<number>`count(*) filter (where ${orderLines.costKes} is null)::int`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(deliveredSince)
        .groupBy(month)
        .orderBy(month),
      this.db
        .select({
          month,
          name: orderLines.name,
          slug: orderLines.slug,
          priceKes: orderLines.price,
          costKes: orderLines.costKes,
          marginKes: sql<number | null>`(${orderLines.price} - ${orderLines.costKes})::int`,
          daysInStock: orderLines.daysInStock,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(deliveredSince)
        .orderBy(desc(orders.updatedAt), asc(orderLines.position))
        .limit(100),
      this.db
        .select({ averageDaysToSell: sql<number | null>`avg(${orderLines.daysInStock})::float8` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(deliveredSince),
    ]);
    return { salesPerMonth, reservationsEnded, grossProfitPerMonth, carsSold, averageDaysToSell };
  }
}
