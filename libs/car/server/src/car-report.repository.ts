import { type CarMostViewed, type CarStats, type CarStockAge, CAR_STATUSES, STOCK_AGE_BANDS } from '@dealership/car-schemas';
import { carCosts, carDailyViews, cars } from '@dealership/car-data';
import { carLeads } from '@dealership/lead-data/published';
import { type Database, DB } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { asc, count, desc, eq, gte, ne, sql } from 'drizzle-orm';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The staff's and the owner's figures of the catalogue: counts, stock age, the most viewed cars. */
@Injectable()
export class CarReportRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Cars by status and featured ones, every car counted, in one grouped query. */
  async stats(): Promise<CarStats> {
    const rows = await this.db
      .select({ status: cars.status, count: count(), featured: sql<number>`count(*) filter (where ${cars.featured})`.mapWith(Number) })
      .from(cars)
      .groupBy(cars.status);
    const byStatus = Object.fromEntries(CAR_STATUSES.map((status) => [status, 0])) as CarStats['byStatus'];
    for (const row of rows) byStatus[row.status] = row.count;
    return { total: sum(rows.map((r) => r.count)), featured: sum(rows.map((r) => r.featured)), byStatus };
  }

  /** Cars in stock (not sold), the oldest 100 first with their days in stock, and the counts: two index-ordered queries. */
  async stockAge(now = new Date()): Promise<CarStockAge> {
    const days = sql<number>`floor(extract(epoch from (${now} - ${cars.createdAt})) / 86400)::int`;
    const inStock = ne(cars.status, 'Sold');
    // Each car in stock with its age and what it cost as recorded, summed per band (the bands' edges as `STOCK_AGE_BANDS`).
    const costs = this.db
      .select({ carId: carCosts.carId, costKes: sql<number>`sum(${carCosts.amountKes})::int`.as('cost_kes') })
      .from(carCosts)
      .groupBy(carCosts.carId)
      .as('costs');
    const band = sql<number>`case ${sql.join(
      STOCK_AGE_BANDS.map((b, i) => (b.to === null ? sql`else ${i}` : sql`when ${days} <= ${b.to} then ${i}`)),
      sql` `,
    )} end`;
    const bandRows = this.db
      .select({
        band: band.as('band'),
        cars: count(),
        costKes: sql<number>`coalesce(sum(${costs.costKes}), 0)::bigint`.mapWith(Number),
        withoutCosts: sql<number>`count(*) filter (where ${costs.costKes} is null)::int`,
        askingKes: sql<number>`coalesce(sum(${cars.price}), 0)::bigint`.mapWith(Number),
      })
      .from(cars)
      .leftJoin(costs, eq(costs.carId, cars.id))
      .where(inStock)
      .groupBy(sql`1`);
    const [oldest, [counts], byBand] = await Promise.all([
      this.db
        .select({ id: cars.id, name: cars.name, slug: cars.slug, price: cars.price, status: cars.status, days })
        .from(cars)
        .where(inStock)
        .orderBy(asc(cars.createdAt), asc(cars.id))
        .limit(100),
      this.db
        .select({ inStock: count(), over90Days: sql<number>`count(*) filter (where ${cars.createdAt} < ${new Date(now.getTime() - 90 * 86_400_000)})::int` })
        .from(cars)
        .where(inStock),
      bandRows,
    ]);
    const bands = STOCK_AGE_BANDS.map(({ label }, i) => {
      const row = byBand.find((r) => Number(r.band) === i);
      return { label, cars: row?.cars ?? 0, costKes: row?.costKes ?? 0, withoutCosts: row?.withoutCosts ?? 0, askingKes: row?.askingKes ?? 0 };
    });
    return { inStock: counts.inStock, over90Days: counts.over90Days, bands, cars: oldest };
  }

  /**
   * The `limit` cars most viewed since the day `since` (YYYY-MM-DD), with their leads since the
   * moment `leadsSince` (the lead domain's published view): one query, the day's index narrowing
   * the counters to the month before they are summed.
   */
  async mostViewed(since: string, leadsSince: Date, limit: number): Promise<CarMostViewed['cars']> {
    const views = sql<number>`sum(${carDailyViews.views})::int`.as('views');
    const top = this.db
      .select({ carId: carDailyViews.carId, views })
      .from(carDailyViews)
      .where(gte(carDailyViews.day, since))
      .groupBy(carDailyViews.carId)
      .orderBy(desc(views), asc(carDailyViews.carId))
      .limit(limit)
      .as('top');
    return this.db
      .select({
        id: cars.id,
        name: cars.name,
        slug: cars.slug,
        price: cars.price,
        status: cars.status,
        views: top.views,
        leads: sql<number>`(select count(*) from ${carLeads} where ${carLeads.carId} = ${top.carId} and ${carLeads.createdAt} >= ${leadsSince})::int`,
      })
      .from(top)
      .innerJoin(cars, eq(cars.id, top.carId))
      .orderBy(desc(top.views), asc(cars.id));
  }
}
