import { carCosts, cars } from '@dealership/car-data';
import type { CarCost, CarCostFields, CarCostKind, CarCostCurrency } from '@dealership/car-schemas';
import { type Database, DB, type Transaction } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';

type CostRow = typeof carCosts.$inferSelect;

/**
 * A car's recorded cost in KES (null: none recorded), for a query over `cars`: what the sale fixes
 * on its order lines and the aged-stock list show. Written out: inside a subquery Drizzle leaves the
 * columns unqualified.
 */
export const recordedCostKes = () => sql<number | null>`(select sum(c.amount_kes)::int from car_costs c where c.car_id = "cars"."id")`;

const toCost = (row: CostRow): CarCost => ({
  id: row.id,
  kind: row.kind as CarCostKind,
  currency: row.currency as CarCostCurrency,
  amount: row.amount,
  exchangeRate: row.exchangeRate,
  amountKes: row.amountKes,
  supplier: row.supplier,
  receipt: row.receipt,
  recordedBy: row.recordedBy,
  recordedAt: row.recordedAt.toISOString(),
});

const columns = (cost: CarCostFields) => ({
  kind: cost.kind,
  currency: cost.currency,
  amount: cost.amount,
  exchangeRate: cost.exchangeRate ?? null,
  amountKes: cost.amountKes,
  supplier: cost.supplier ?? null,
  receipt: cost.receipt ?? null,
});

/**
 * The only code that reads and writes what cars cost (`car_costs`): owners' figures, read by no
 * public query of the catalogue (the car's read model, the legacy REST, the feeds never join it).
 */
@Injectable()
export class CarCostRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A car's asking price and its cost lines, oldest first; undefined when there is no such car. */
  async forCar(carId: string): Promise<{ car: { id: string; name: string; price: number }; items: CarCost[] } | undefined> {
    const [car] = await this.db.select({ id: cars.id, name: cars.name, price: cars.price }).from(cars).where(eq(cars.id, carId));
    if (!car) return undefined;
    const rows = await this.db.select().from(carCosts).where(eq(carCosts.carId, carId)).orderBy(asc(carCosts.recordedAt), asc(carCosts.id));
    return { car, items: rows.map(toCost) };
  }

  /** A cost line, with its car's id; undefined when there is none. */
  async byId(id: string): Promise<(CarCost & { carId: string }) | undefined> {
    const [row] = await this.db.select().from(carCosts).where(eq(carCosts.id, id));
    return row ? { ...toCost(row), carId: row.carId } : undefined;
  }

  /** Adds a line (in `db`'s transaction when given: a car created from a trade-in gets its purchase with it). */
  async add(carId: string, cost: CarCostFields, recordedBy: string, db: Database | Transaction = this.db): Promise<CarCost> {
    const [row] = await db
      .insert(carCosts)
      .values({ carId, ...columns(cost), recordedBy })
      .returning();
    return toCost(row);
  }

  /** The line as it was and as it is now; undefined when there is none. */
  async update(id: string, cost: CarCostFields): Promise<{ before: CarCost; after: CarCost; carId: string } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(carCosts).where(eq(carCosts.id, id)).for('update');
      if (!before) return undefined;
      const [after] = await tx.update(carCosts).set(columns(cost)).where(eq(carCosts.id, id)).returning();
      return { before: toCost(before), after: toCost(after), carId: before.carId };
    });
  }

  /** The line removed; undefined when there was none. */
  async remove(id: string): Promise<(CarCost & { carId: string }) | undefined> {
    const [row] = await this.db.delete(carCosts).where(eq(carCosts.id, id)).returning();
    return row ? { ...toCost(row), carId: row.carId } : undefined;
  }
}
