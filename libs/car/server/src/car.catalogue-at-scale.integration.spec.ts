import type { CarListFilters } from '@dealership/car-schemas';
import { insertBrand, insertCar, truncateAll } from '@dealership/app-schema/testing';
import { brands } from '@dealership/brand-data';
import { cars } from '@dealership/car-data';
import { CatalogueChanges } from './catalogue-changes';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { eq, sql } from 'drizzle-orm';
import { carConditions, carOrder } from './car-filters';
import { CAR_COUNT_CAP, CAR_SEARCH_COUNT_CAP, CarRepository } from './car.repository';

const t0 = Date.parse('2026-01-01T00:00:00Z');
const at = (minutes: number) => new Date(t0 + minutes * 60_000);
const names = (list: { name: string }[]) => list.map((c) => c.name);

/** The listing filters with the schema's defaults. */
const filters = (fields: Partial<CarListFilters> = {}): CarListFilters => ({ sort: 'newest', page: 1, pageSize: 12, ...fields }) as CarListFilters;

// One database for the file: the tests with a few cars empty it before each test, the query plans
// then load their 20,000 cars once for all of them (they only read).
let handle: DatabaseHandle;
/** Counts exactly up to 3 cars, so "capped" needs 4 rows rather than 10,001. */
let capped: CarRepository;
let repository: CarRepository;

beforeAll(async () => {
  handle = await createTestDatabase();
  capped = new CarRepository(handle.db, new CatalogueChanges(), 3);
  repository = new CarRepository(handle.db, new CatalogueChanges());
});

afterAll(async () => {
  await handle?.close();
});

describe('car repository at scale (integration, real database)', () => {
  beforeEach(async () => {
    await truncateAll(handle);
  });

  it('counts up to 10,000 by default', () => {
    expect(CAR_COUNT_CAP).toBe(10_000);
  });

  describe('counts: exact below the cap, capped above it', () => {
    it('is exact up to the cap, with the pages to match', async () => {
      const brand = await insertBrand(handle.db, { name: 'Toyota' });
      for (let i = 0; i < 3; i++) await insertCar(handle.db, { brandId: brand.id, name: `Vitz ${i}`, createdAt: at(i) }, 0);
      const page = await capped.list(filters({ pageSize: 2 }));
      expect(page).toMatchObject({ total: 3, totalCapped: false, pageCount: 2 });
      expect(names(page.items)).toEqual(['Vitz 2', 'Vitz 1']);
    });

    it('stops at the cap and says so; the last page is the one holding the cap', async () => {
      const brand = await insertBrand(handle.db, { name: 'Toyota' });
      for (let i = 0; i < 7; i++) await insertCar(handle.db, { brandId: brand.id, name: `Vitz ${i}`, createdAt: at(i) }, 0);
      const page = await capped.list(filters({ pageSize: 2 }));
      expect(page).toMatchObject({ total: 3, totalCapped: true, page: 1, pageSize: 2, pageCount: 2 });
      // The search and the back office count the same way.
      expect(await capped.list(filters({ search: 'vitz', pageSize: 2 }))).toMatchObject({ total: 3, totalCapped: true, pageCount: 2 });
      expect(await capped.manage({ page: 1, pageSize: 5 })).toMatchObject({ total: 3, totalCapped: true, pageCount: 1 });
      // Exact again once the matches fit under the cap.
      expect(await capped.list(filters({ search: 'vitz 6' }))).toMatchObject({ total: 1, totalCapped: false, pageCount: 1 });
      expect(await repository.list(filters())).toMatchObject({ total: 7, totalCapped: false, pageCount: 1 });
    });

    it('counts a search up to its own, lower cap (its count reads rows, not index entries)', async () => {
      expect(CAR_SEARCH_COUNT_CAP).toBe(1_000);
      const caps = new CarRepository(handle.db, new CatalogueChanges(), { all: 5, search: 2 });
      const brand = await insertBrand(handle.db, { name: 'Toyota' });
      for (let i = 0; i < 4; i++) await insertCar(handle.db, { brandId: brand.id, name: `Vitz ${i}`, createdAt: at(i) }, 0);
      expect(await caps.list(filters({ pageSize: 2 }))).toMatchObject({ total: 4, totalCapped: false, pageCount: 2 });
      const searched = await caps.list(filters({ search: 'vitz', pageSize: 1 }));
      expect(searched).toMatchObject({ total: 2, totalCapped: true, pageCount: 2 });
      expect(names(searched.items)).toEqual(['Vitz 3']);
      expect(await caps.manage({ search: 'vitz', page: 1, pageSize: 5 })).toMatchObject({ total: 2, totalCapped: true });
      expect(await caps.manage({ page: 1, pageSize: 5 })).toMatchObject({ total: 4, totalCapped: false });
      expect(await caps.list(filters({ search: 'vitz 1' }))).toMatchObject({ total: 1, totalCapped: false });
    });

    it('counts nothing as 0 pages', async () => {
      expect(await capped.list(filters({ search: 'nothing' }))).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 12, pageCount: 0 });
    });
  });

  describe('order', () => {
    it('lists newest first, the id breaking ties, unsold cars only; the back office sees the sold ones too', async () => {
      const brand = await insertBrand(handle.db, { name: 'Mazda' });
      const a = await insertCar(handle.db, { brandId: brand.id, name: 'Demio A', createdAt: at(5) }, 0);
      const b = await insertCar(handle.db, { brandId: brand.id, name: 'Demio B', createdAt: at(5) }, 0);
      await insertCar(handle.db, { brandId: brand.id, name: 'Atenza', createdAt: at(9) }, 0);
      await insertCar(handle.db, { brandId: brand.id, name: 'Sold One', status: 'Sold', createdAt: at(10) }, 0);
      await insertCar(handle.db, { brandId: brand.id, name: 'Reserved One', status: 'Reserved', createdAt: at(1) }, 0);
      const tied = [a, b].sort((x, y) => (x.id < y.id ? 1 : -1)).map((c) => c.name);
      expect(names((await repository.list(filters())).items)).toEqual(['Atenza', ...tied, 'Reserved One']);
      expect(names((await repository.manage({ page: 1, pageSize: 12 })).items)).toEqual(['Sold One', 'Atenza', ...tied, 'Reserved One']);
      expect(names(await repository.newest(2))).toEqual(['Atenza', tied[0]]);
      expect(names(await repository.ofBrand(brand.id, 10))).toEqual(['Atenza', ...tied, 'Reserved One']);
      expect(names(await repository.relatedTo(a.id, brand.id, 10))).toEqual(['Atenza', 'Demio B', 'Reserved One']);
    });

    it('pages the unfiltered catalogue (its own prepared statements) exactly as any filtered list', async () => {
      const brand = await insertBrand(handle.db, { name: 'Mazda' });
      for (let i = 0; i < 7; i++)
        await insertCar(handle.db, { brandId: brand.id, name: `Demio ${i}`, createdAt: at(i % 3), status: i === 4 ? 'Sold' : 'Available' }, 0);
      for (const page of [1, 2, 3, 4]) {
        const unfiltered = await repository.list(filters({ page, pageSize: 2 }));
        // `priceMin: 0` passes every car but takes the general path.
        expect(unfiltered).toEqual(await repository.list(filters({ page, pageSize: 2, priceMin: 0 })));
        expect(unfiltered).toMatchObject({ total: 6, totalCapped: false, pageCount: 3 });
      }
      expect(names(await repository.newest(3))).toEqual(names((await repository.list(filters({ pageSize: 3, search: '', brands: [] }))).items));
      expect(await capped.list(filters({ pageSize: 2 }))).toMatchObject({ total: 3, totalCapped: true, pageCount: 2 });
    });

    it('pages the panel filters the same whether their few matches are sorted or the sort index is walked, in every sort, ties included', async () => {
      const walking = new CarRepository(handle.db, new CatalogueChanges(), { all: CAR_COUNT_CAP, search: CAR_SEARCH_COUNT_CAP, sortedMatchesMax: -1 });
      const brand = await insertBrand(handle.db, { name: 'Mazda' });
      for (let i = 0; i < 23; i++)
        await insertCar(
          handle.db,
          {
            brandId: brand.id,
            name: `CX-5 ${i}`,
            bodyType: i % 3 === 0 ? 'Sedan' : 'SUV',
            fuelType: i % 2 === 0 ? 'Diesel' : 'Petrol',
            // Ties in every sort, broken by the id.
            price: 2_000_000 + (i % 4) * 100_000,
            year: 2015 + (i % 5),
            mileage: 40_000 + (i % 6) * 5_000,
            createdAt: at(i % 7),
            status: i === 11 ? 'Sold' : 'Available',
          },
          0,
        );
      const panels: Partial<CarListFilters>[] = [{ bodyType: 'SUV' }, { fuelType: 'Diesel', yearMin: 2016 }, { mileageMax: 55_000, yearMin: 2015, yearMax: 2018 }];
      for (const panel of panels)
        for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const) {
          const all = await walking.list(filters({ ...panel, sort, pageSize: 50 }));
          expect(all.total).toBeGreaterThan(5);
          for (const page of [1, 2, 3]) {
            const sorted = await repository.list(filters({ ...panel, sort, page, pageSize: 4 }));
            expect({ panel, sort, page, ids: sorted.items.map((car) => car.id), total: sorted.total }).toEqual({
              panel,
              sort,
              page,
              ids: all.items.slice((page - 1) * 4, page * 4).map((car) => car.id),
              total: all.total,
            });
          }
        }
    });

    it('gives the featured unsold cars newest first', async () => {
      const brand = await insertBrand(handle.db, { name: 'Mazda' });
      await insertCar(handle.db, { brandId: brand.id, name: 'Plain', createdAt: at(9) }, 0);
      await insertCar(handle.db, { brandId: brand.id, name: 'Star old', featured: true, createdAt: at(1) }, 0);
      await insertCar(handle.db, { brandId: brand.id, name: 'Star new', featured: true, createdAt: at(2) }, 0);
      await insertCar(handle.db, { brandId: brand.id, name: 'Star sold', featured: true, status: 'Sold', createdAt: at(3) }, 0);
      expect(names(await repository.featured(5))).toEqual(['Star new', 'Star old']);
    });
  });

  describe('search through search_text', () => {
    const search = async (text: string) => names((await repository.list(filters({ search: text }))).items).sort();

    it('matches name, body type and brand name, in any case, literally; never a sold car; never across two fields', async () => {
      const toyota = await insertBrand(handle.db, { name: 'Toyota' });
      await insertCar(handle.db, { brandId: toyota.id, name: 'Land Cruiser Prado', bodyType: 'SUV' }, 0);
      await insertCar(handle.db, { brandId: toyota.id, name: 'Axio 100%', bodyType: 'Sedan' }, 0);
      await insertCar(handle.db, { brandId: null, name: 'Unbranded', bodyType: 'Van' }, 0);
      await insertCar(handle.db, { brandId: toyota.id, name: 'Sold Prado', bodyType: 'SUV', status: 'Sold' }, 0);
      expect(await search('PRADO')).toEqual(['Land Cruiser Prado']);
      expect(await search('suv')).toEqual(['Land Cruiser Prado']);
      expect(await search('toyota')).toEqual(['Axio 100%', 'Land Cruiser Prado']);
      expect(await search('van')).toEqual(['Unbranded']);
      expect(await search('100%')).toEqual(['Axio 100%']);
      expect(await search('10_%')).toEqual([]);
      expect(await search('pradosuv')).toEqual([]);
      expect(await search('prado suv')).toEqual([]);
      // The back office's search is the same, sold cars included.
      expect(names((await repository.manage({ search: 'prado', page: 1, pageSize: 12 })).items).sort()).toEqual(['Land Cruiser Prado', 'Sold Prado']);
    });

    it("follows a car's new name, body type and brand, a brand's rename and a brand's deletion", async () => {
      const toyota = await insertBrand(handle.db, { name: 'Toyota' });
      const subaru = await insertBrand(handle.db, { name: 'Subaru' });
      const car = await insertCar(handle.db, { brandId: toyota.id, name: 'Vitz', bodyType: 'Hatchback' }, 0);

      await repository.update(car.id, { name: 'Outback', bodyType: 'Station Wagon' });
      expect(await search('vitz')).toEqual([]);
      expect(await search('outback')).toEqual(['Outback']);
      expect(await search('station wagon')).toEqual(['Outback']);
      expect(await search('hatchback')).toEqual([]);

      await handle.db.update(cars).set({ brandId: subaru.id }).where(eq(cars.id, car.id));
      expect(await search('subaru')).toEqual(['Outback']);
      expect(await search('toyota')).toEqual([]);

      // As brand-server's update writes it.
      await handle.db.update(brands).set({ name: 'Subaru Corporation', updatedAt: new Date() }).where(eq(brands.id, subaru.id));
      expect(await search('corporation')).toEqual(['Outback']);

      await handle.db.delete(brands).where(eq(brands.id, subaru.id));
      expect(await search('subaru')).toEqual([]);
      expect(await search('outback')).toEqual(['Outback']);
    });

    it('keeps search_text out of the contract car', async () => {
      const brand = await insertBrand(handle.db, { name: 'Toyota' });
      await insertCar(handle.db, { brandId: brand.id, name: 'Vitz' }, 0);
      const [car] = (await repository.list(filters())).items;
      expect(car).not.toHaveProperty('searchText');
    });
  });
});

// Enough rows for the planner to choose (PGlite is PostgreSQL's own planner; TEST_DATABASE_URL runs it on a server).
describe('car repository at scale (integration, real database): query plans', () => {
  // Loaded once: every test here only reads (EXPLAIN, and the repository's list). 20,000 rows, their
  // trigram index and a VACUUM ANALYZE take tens of seconds on two busy cores, hence the timeout.
  beforeAll(async () => {
    await truncateAll(handle);
    await handle.db.execute(sql`INSERT INTO brands (name, slug) SELECT 'Make ' || g, 'make-' || g FROM generate_series(1, 50) g`);
    await handle.db.execute(sql`
      INSERT INTO cars (name, slug, description, price, brand_id, fuel_type, transmission, engine_size, mileage, year, drive, condition, body_type, featured, status, created_at)
      SELECT (ARRAY['Prado', 'Corolla', 'Axio', 'Fielder', 'Harrier', 'Demio', 'Atenza', 'Outback'])[1 + g % 8] || ' ' || g, 'car-' || g, 'A car.',
        500000 + (g * 7919) % 9000000, (SELECT id FROM brands WHERE slug = 'make-' || (1 + g % 50)), 'Petrol', 'Automatic', 1500, (g * 104729) % 300000,
        2005 + g % 20, '2 WD', 'Foreign Used', 'Sedan', g % 97 = 1, (CASE WHEN g % 20 = 0 THEN 'Sold' ELSE 'Available' END)::car_status,
        now() - g * interval '1 minute'
      FROM generate_series(1, 20000) g`);
    // As autovacuum would: statistics, and the trigram index's pending list merged (the planner prices it in).
    await handle.db.execute(sql`VACUUM ANALYZE cars`);
    await handle.db.execute(sql`ANALYZE brands`);
  }, 120_000);

  /** The plan PostgreSQL runs for the repository's page query of `fields`, as text. */
  async function pagePlan(fields: Partial<CarListFilters>): Promise<string> {
    const f = filters(fields);
    const query = handle.db
      .select({ id: cars.id })
      .from(cars)
      .where(carConditions(f))
      .orderBy(...carOrder(f.sort))
      .limit(12)
      .offset(0);
    const result = await handle.db.execute(sql`EXPLAIN ${query.getSQL()}`);
    return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  it.each([
    ['newest', 'cars_listed_created_idx'],
    ['price_asc', 'cars_price_idx'],
    ['price_desc', 'cars_price_idx'],
    ['year_desc', 'cars_year_idx'],
    ['mileage_asc', 'cars_mileage_idx'],
  ] as const)('reads a %s page straight from %s, with no sort', async (sort, index) => {
    const plan = await pagePlan({ sort });
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).not.toMatch(/Seq Scan on cars/);
  });

  it('searches a rare word through the one trigram index', async () => {
    const plan = await pagePlan({ search: 'prado 1234' });
    expect(plan).toContain('cars_search_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on cars/);
  });

  it('counts through an index and stops at the cap', async () => {
    const query = sql`EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM (SELECT 1 FROM cars WHERE ${carConditions({})} LIMIT ${CAR_COUNT_CAP + 1}) c`;
    const plan = ((await handle.db.execute(query)) as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Limit \(actual time=[\d.]+ rows=10001/);
    const page = await repository.list(filters());
    expect(page).toMatchObject({ total: 10_000, totalCapped: true, pageCount: Math.ceil(10_000 / 12) });
  });

  it("counts a brand's cars in a price range from one index alone, reading no row", async () => {
    const where = carConditions({ brands: ['make-3'], priceMin: 1_000_000, priceMax: 5_000_000 });
    const query = sql`EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM (SELECT 1 FROM cars WHERE ${where} LIMIT ${CAR_COUNT_CAP + 1}) c`;
    const plan = ((await handle.db.execute(query)) as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Only Scan using cars_listed_brand_price_idx/);
    expect(plan).toMatch(/Heap Fetches: 0/);
    expect(plan).not.toMatch(/Seq Scan on cars|Bitmap Heap Scan on cars/);
  });

  it('stops a common search at the search cap: at most that many rows read', async () => {
    const query = sql`EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM (SELECT 1 FROM cars WHERE ${carConditions({ search: 'prado' })} LIMIT ${CAR_SEARCH_COUNT_CAP + 1}) c`;
    const plan = ((await handle.db.execute(query)) as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(new RegExp(`Limit \\(actual time=[\\d.]+ rows=${CAR_SEARCH_COUNT_CAP + 1}`));
    expect(await repository.list(filters({ search: 'prado' }))).toMatchObject({ total: CAR_SEARCH_COUNT_CAP, totalCapped: true });
  });
});
