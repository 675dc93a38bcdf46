import { cars } from '@dealership/car-data';
import type { CarStatus } from '@dealership/car-schemas';
import { MediaModule } from '@dealership/media-server';
import { type Database, DB, type Transaction } from '@dealership/server-db';
import { Inject, Injectable, Module } from '@nestjs/common';
import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import { CatalogueChangesModule } from './catalogue-changes';
import { recordedCostKes } from './car-cost.repository';
import { CarDrafts } from './car-drafts';

/** A car as an order checks and copies it: current price and status, main picture. */
export interface CarForOrder {
  id: string;
  name: string;
  slug: string;
  price: number;
  status: CarStatus;
  imageUrl: string | null;
}

/**
 * The one way another domain changes a car's availability (an order reserving, releasing and selling
 * its cars). Each call joins the caller's transaction, so the car and the order change together or
 * not at all. The rules live here: only an Available car may be reserved; a car moves to a status
 * only from another one (a write that would change nothing is skipped); a sold car stays in the
 * catalogue (its page stays, left out of the listed cars), it is never deleted by an order.
 */
@Injectable()
export class CarAvailability {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** The cars of `ids` that exist, in id order, with their first picture (outside any transaction). */
  find(ids: string[]): Promise<CarForOrder[]> {
    return this.select(this.db, ids, false);
  }

  /** The cars of `ids` that exist, row-locked in id order (so two orders never deadlock) for the rest of `tx`. */
  lock(tx: Transaction, ids: string[]): Promise<CarForOrder[]> {
    return this.select(tx, ids, true);
  }

  /** The cars of `ids` that may not be reserved (gone, or not Available), each with its name and status when it exists. */
  unavailable(ids: string[], found: CarForOrder[]): { id: string; name?: string; status?: CarStatus }[] {
    const byId = new Map(found.map((car) => [car.id, car]));
    return ids.flatMap((id) => {
      const car = byId.get(id);
      return !car ? [{ id }] : car.status !== 'Available' ? [{ id, name: car.name, status: car.status }] : [];
    });
  }

  /** Reserves the cars of `ids` (an order holds them). */
  reserve(tx: Transaction, ids: string[]): Promise<void> {
    return this.move(tx, ids, 'Reserved');
  }

  /** Makes the cars of `ids` Available again (their order is cancelled or undone). */
  release(tx: Transaction, ids: string[]): Promise<void> {
    return this.move(tx, ids, 'Available');
  }

  /** Marks the cars of `ids` Sold (their order is delivered); they stay in the catalogue. */
  sell(tx: Transaction, ids: string[]): Promise<void> {
    return this.move(tx, ids, 'Sold');
  }

  /**
   * What each car of `ids` cost as the owners recorded it (null: nothing recorded) and its whole
   * days in stock from listing to `at`, read in the caller's transaction: the figures an order fixes
   * on its lines when it is delivered (issue 46), so a later cost or price change leaves a sale's margin as it was.
   */
  async saleFigures(tx: Transaction, ids: string[], at: Date): Promise<Map<string, { costKes: number | null; daysInStock: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({
        id: cars.id,
        costKes: recordedCostKes(),
        daysInStock: sql<number>`floor(extract(epoch from (${at} - ${cars.createdAt})) / 86400)::int`,
      })
      .from(cars)
      .where(inArray(cars.id, ids));
    return new Map(rows.map((row) => [row.id, { costKes: row.costKes, daysInStock: Math.max(0, row.daysInStock) }]));
  }

  private async move(tx: Transaction, ids: string[], status: CarStatus): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(cars)
      .set({ status })
      .where(and(inArray(cars.id, ids), ne(cars.status, status)));
  }

  private async select(db: Database | Transaction, ids: string[], lock: boolean): Promise<CarForOrder[]> {
    if (ids.length === 0) return [];
    const query = db
      .select({
        id: cars.id,
        name: cars.name,
        slug: cars.slug,
        price: cars.price,
        status: cars.status,
        // Written out: Drizzle leaves a lone table's columns unqualified, and `id` would be the picture's own.
        imageUrl: sql<string | null>`(select ci.url from car_images ci where ci.car_id = "cars"."id" order by ci.position, ci.id limit 1)`,
      })
      .from(cars)
      .where(inArray(cars.id, ids))
      .orderBy(asc(cars.id));
    return lock ? query.for('update') : query;
  }
}

/** Provides `CarAvailability` (and `CarDrafts`, the stock a delivered trade-in enters), for a feature that moves cars (orders) without the car pages and routes. */
@Module({ imports: [CatalogueChangesModule, MediaModule], providers: [CarAvailability, CarDrafts], exports: [CatalogueChangesModule, CarAvailability, CarDrafts] })
export class CarAvailabilityModule {}
