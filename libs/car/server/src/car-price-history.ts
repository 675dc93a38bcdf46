import { type CarPriceChange, PRICE_CUT_RECENT_DAYS } from '@dealership/car-schemas';
import { carPriceChanges, cars } from '@dealership/car-data';
import type { Database, Transaction } from '@dealership/server-db';
import { carHolds } from '@dealership/order-data/published';
import { desc, eq } from 'drizzle-orm';

// A car's price history (issue 44): every change kept with who made it, and the car's latest cut,
// written by the car repository's edit in its own transaction (with the edit's other guard).

/**
 * A price change, in the edit's transaction: kept in `car_price_changes`, and the car's latest cut
 * moved. A cut adds to the cuts in a row before it while they are recent (KES 50,000 then 100,000
 * within PRICE_CUT_RECENT_DAYS reads "Reduced by KES 150,000"); a rise ends them.
 */
export async function recordPriceChange(
  tx: Transaction,
  carId: string,
  car: { price: number; reducedAt: Date | null; reducedBy: number | null },
  price: number,
  changedBy: string,
): Promise<void> {
  const now = new Date();
  await tx.insert(carPriceChanges).values({ carId, oldPrice: car.price, newPrice: price, changedAt: now, changedBy });
  const earlierCut = car.reducedAt && now.getTime() - car.reducedAt.getTime() < PRICE_CUT_RECENT_DAYS * 86_400_000 ? (car.reducedBy ?? 0) : 0;
  const cut = price < car.price ? { priceReducedAt: now, priceReducedBy: earlierCut + car.price - price } : { priceReducedAt: null, priceReducedBy: null };
  await tx.update(cars).set(cut).where(eq(cars.id, carId));
}

/**
 * What a car edit that sets the status or the price does first, in its transaction: the car's row
 * locked, a new status refused (`held-by-order`) for a car an order holds, a new price recorded.
 */
export async function guardCarEdit(
  tx: Transaction,
  id: string,
  change: { status?: string; price?: number },
  changedBy: string,
): Promise<'held-by-order' | undefined> {
  const [car] = await tx
    .select({ status: cars.status, price: cars.price, reducedAt: cars.priceReducedAt, reducedBy: cars.priceReducedBy })
    .from(cars)
    .where(eq(cars.id, id))
    .for('update');
  if (!car) return undefined;
  if (change.status !== undefined && car.status !== change.status) {
    const [hold] = await tx.select({ orderId: carHolds.orderId }).from(carHolds).where(eq(carHolds.carId, id)).limit(1);
    if (hold) return 'held-by-order';
  }
  if (change.price !== undefined && change.price !== car.price) await recordPriceChange(tx, id, car, change.price, changedBy);
  return undefined;
}

/** Every change of the car's price, the latest first. */
export async function priceChangesOf(db: Database, carId: string): Promise<CarPriceChange[]> {
  const rows = await db
    .select({ oldPrice: carPriceChanges.oldPrice, newPrice: carPriceChanges.newPrice, changedAt: carPriceChanges.changedAt, changedBy: carPriceChanges.changedBy })
    .from(carPriceChanges)
    .where(eq(carPriceChanges.carId, carId))
    .orderBy(desc(carPriceChanges.changedAt), desc(carPriceChanges.id));
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}
