import { orderLines, orders } from '@dealership/order-data';
import type { Transaction } from '@dealership/server-db';
import { and, count, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import { openUnpaidReservations, unpaidReservations } from './order-rows';

/**
 * What a buyer may hold without a deposit (the reservation rules in force): open reservations and
 * cars per account, and cars per client address whatever the accounts (a paid deposit is never
 * capped). `address` is the client's as the throttles count it (IPv6: its /64); null when it tells
 * nobody apart (see `OrderService.place`).
 */
export interface UnpaidCaps {
  reservationsPerBuyer: number;
  carsPerBuyer: number;
  carsPerAddress: number;
  address: string | null;
}

/** Which cap a new reservation would pass, and its number. */
export type UnpaidCapRefusal = { reason: 'unpaid-limit' | 'unpaid-cars-limit' | 'address-cars-limit'; limit: number };

/** Cars held by the reservations `where` picks that have no deposit (neither cancelled nor delivered). */
async function carsHeldUnpaid(tx: Transaction, where: SQL | undefined): Promise<number> {
  const [{ cars }] = await tx.select({ cars: count() }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(where);
  return cars;
}

/**
 * Why a reservation of `carCount` cars by `buyerId` would pass a cap, or undefined when it passes
 * none. Run in the reservation's transaction: the buyer and the address are locked for it (buyer
 * first, always), so a burst of reservations cannot pass a cap between the count and the insert.
 */
export async function unpaidCapRefusal(tx: Transaction, buyerId: string, carCount: number, caps: UnpaidCaps): Promise<UnpaidCapRefusal | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-buyer:${buyerId}`}))`);
  if (caps.address) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-address:${caps.address}`}))`);
  const [{ unpaid }] = await tx.select({ unpaid: count() }).from(orders).where(openUnpaidReservations(buyerId));
  if (unpaid >= caps.reservationsPerBuyer) return { reason: 'unpaid-limit', limit: caps.reservationsPerBuyer };
  if ((await carsHeldUnpaid(tx, openUnpaidReservations(buyerId))) + carCount > caps.carsPerBuyer) return { reason: 'unpaid-cars-limit', limit: caps.carsPerBuyer };
  if (!caps.address) return undefined;
  const fromAddress = and(eq(orders.placedFrom, caps.address), unpaidReservations(), notInArray(orders.status, ['cancel', 'deliverd']));
  if ((await carsHeldUnpaid(tx, fromAddress)) + carCount > caps.carsPerAddress) return { reason: 'address-cars-limit', limit: caps.carsPerAddress };
  return undefined;
}
