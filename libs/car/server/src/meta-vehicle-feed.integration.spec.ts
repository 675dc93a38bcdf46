import { createModuleTestApp, insertBrand, insertCar } from '@dealership/app-schema/testing';
import { brands } from '@dealership/brand-data';
import { cars } from '@dealership/car-data';
import { META_VEHICLE_FEED_ROUTE } from '@dealership/car-schemas';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase, eventually } from '@dealership/server-db/testing';
import { Global, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, ne } from 'drizzle-orm';
import { parse } from 'papaparse';
import { CATALOGUE_BATCH_SIZE } from './car-catalogue-export';
import { META_VEHICLE_FEED_COLUMNS } from './meta-vehicle-feed';
import { MetaVehicleFeedModule } from './meta-vehicle-feed.module';

/**
 * Meta's automotive inventory catalogue columns the feed promises (the Marketing API's "Auto Ads
 * reference"), written out here rather than read from the code, so a changed column fails. Meta's
 * optional `vin` is not one of them: the feed is public and never carries a chassis number.
 */
const META_COLUMNS = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'mileage.value',
  'mileage.unit',
  'price',
  'body_style',
  'fuel_type',
  'transmission',
  'drivetrain',
  'exterior_color',
  'state_of_vehicle',
  'availability',
  ...Array.from({ length: 20 }, (_, i) => `image[${i}].url`),
];

/** Meta's values of its enum columns (the Graph API's Vehicle enums, any case). */
const META_VALUES: Record<string, string[]> = {
  body_style: ['CONVERTIBLE', 'COUPE', 'CROSSOVER', 'HATCHBACK', 'MINIVAN', 'OTHER', 'SEDAN', 'SMALL_CAR', 'SUV', 'TRUCK', 'VAN', 'WAGON'],
  fuel_type: ['DIESEL', 'ELECTRIC', 'FLEX', 'GASOLINE', 'HYBRID', 'OTHER', 'PETROL', 'PLUGIN_HYBRID'],
  transmission: ['AUTOMATIC', 'MANUAL', 'OTHER'],
  drivetrain: ['AWD', 'FOUR_WD', 'FWD', 'OTHER', 'RWD', 'TWO_WD'],
  state_of_vehicle: ['CPO', 'NEW', 'USED'],
  availability: ['AVAILABLE', 'NOT_AVAILABLE', 'PENDING'],
  'mileage.unit': ['KM', 'MI'],
};
/** Columns Meta needs in every row (a car without a brand or colour is the staff's to fix; these are ours to fill). */
const REQUIRED = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'model',
  'year',
  'mileage.value',
  'mileage.unit',
  'price',
  'body_style',
  'state_of_vehicle',
  'availability',
];

const PUBLIC_URL = 'https://cars.example';
const FEED_URL = `/${META_VEHICLE_FEED_ROUTE}`;
const JAPANESE_CHASSIS = 'TRJ150-0987654';
const SOLD_CHASSIS = 'NZE161-7654321';
const VIN = 'JM3KFBCM1K0123456';
/** More cars than a few batches. */
const BATCH = 2;

@Global()
@Module({ providers: [{ provide: CATALOGUE_BATCH_SIZE, useValue: BATCH }], exports: [CATALOGUE_BATCH_SIZE] })
class SmallBatches {}

/** The feed's rows as column name -> value, after checking the CSV's shape. */
function rowsOf(body: string): Record<string, string>[] {
  const { data, errors } = parse<string[]>(body, { skipEmptyLines: true });
  expect(errors).toEqual([]);
  const [header, ...rows] = data;
  expect(header).toEqual(META_COLUMNS);
  for (const row of rows) expect(row).toHaveLength(META_COLUMNS.length);
  return rows.map((row) => Object.fromEntries(META_COLUMNS.map((column, i) => [column, row[i]])));
}

describe('GET /feeds/meta-vehicles.csv: the stock as a Meta ads catalogue (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let prado: { id: string; slug: string };
  let reserved: { id: string };
  let sold: { id: string; name: string };
  const get = (headers: Record<string, string> = {}, on = app) => on.inject({ method: 'GET', url: FEED_URL, headers });
  const testApp = () => createModuleTestApp(handle, [SmallBatches, MetaVehicleFeedModule], { env: { PUBLIC_URL }, unprefixed: [META_VEHICLE_FEED_ROUTE] });

  beforeAll(async () => {
    handle = await createTestDatabase();
    const toyota = await insertBrand(handle.db, { name: 'Toyota' });
    const mazda = await insertBrand(handle.db, { name: 'Mazda' });
    const start = Date.UTC(2026, 0, 1);
    const at = (minute: number) => new Date(start + minute * 60_000);
    // Filler stock, oldest: enough cars for several batches.
    for (let i = 0; i < 5; i++)
      await insertCar(
        handle.db,
        { brandId: i % 2 ? toyota.id : mazda.id, name: `${i % 2 ? 'Toyota' : 'Mazda'} Stock ${i}`, model: `Stock ${i}`, createdAt: at(i) },
        i % 3,
      );
    sold = await insertCar(handle.db, { brandId: toyota.id, name: 'Toyota Axio Sold', status: 'Sold', chassisNumber: SOLD_CHASSIS, createdAt: at(10) });
    reserved = await insertCar(handle.db, { brandId: mazda.id, name: 'Mazda Demio Reserved', model: 'Demio', status: 'Reserved', createdAt: at(11) });
    await insertCar(
      handle.db,
      {
        brandId: mazda.id,
        name: 'Mazda CX-5 2.2 Diesel',
        model: 'CX-5',
        condition: 'New',
        bodyType: 'SUV',
        chassisNumber: VIN,
        description: 'Brand new, "as delivered", with a\nthree-year warranty.',
        createdAt: at(12),
      },
      0,
    );
    prado = await insertCar(
      handle.db,
      {
        brandId: toyota.id,
        name: 'Toyota Land Cruiser Prado TX-L',
        model: 'Land Cruiser Prado',
        description: 'One owner, full service history.',
        price: 2_450_000,
        year: 2019,
        mileage: 48_000,
        fuelType: 'Diesel',
        transmission: 'Automatic',
        drive: '4 WD',
        bodyType: 'SUV',
        condition: 'Foreign Used',
        exteriorColour: 'Pearl White',
        chassisNumber: JAPANESE_CHASSIS,
        createdAt: at(13),
      },
      3,
    );
    app = await testApp();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("answers a CSV with exactly Meta's columns, one valid row per car for sale, newest first", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(META_VEHICLE_FEED_COLUMNS).toEqual(META_COLUMNS);
    const rows = rowsOf(res.body);

    const listed = await handle.db.select({ id: cars.id }).from(cars).where(ne(cars.status, 'Sold'));
    expect(rows.map((row) => row.vehicle_id).sort()).toEqual(listed.map((car) => car.id).sort());
    expect(rows.slice(0, 3).map((row) => row.make + ' ' + row.model)).toEqual(['Toyota Land Cruiser Prado', 'Mazda CX-5', 'Mazda Demio']);
    for (const row of rows) {
      for (const column of REQUIRED)
        expect({ id: row.vehicle_id, column, value: row[column] }).toEqual({ id: row.vehicle_id, column, value: expect.stringMatching(/\S/) });
      for (const [column, values] of Object.entries(META_VALUES)) expect(values).toContain(row[column].toUpperCase());
      expect(row.price).toMatch(/^[1-9]\d* KES$/);
      expect(row.year).toMatch(/^\d{4}$/);
      expect(row['mileage.value']).toMatch(/^\d+$/);
      expect(row.vehicle_id.length).toBeLessThanOrEqual(100);
      expect(row.description.length).toBeLessThanOrEqual(5000);
      const urls = [
        row.url,
        ...Object.entries(row)
          .filter(([column, value]) => column.startsWith('image[') && value !== '')
          .map(([, value]) => value),
      ];
      for (const url of urls) expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    }
  });

  it("maps an available car's fields to Meta's values, pictures as absolute URLs", async () => {
    const row = rowsOf((await get()).body).find((r) => r.vehicle_id === prado.id);
    expect(row).toEqual({
      vehicle_id: prado.id,
      title: '2019 Toyota Land Cruiser Prado TX-L',
      description: 'One owner, full service history.',
      url: `${PUBLIC_URL}/car/${prado.slug}`,
      make: 'Toyota',
      model: 'Land Cruiser Prado',
      year: '2019',
      'mileage.value': '48000',
      'mileage.unit': 'KM',
      price: '2450000 KES',
      body_style: 'SUV',
      fuel_type: 'DIESEL',
      transmission: 'AUTOMATIC',
      drivetrain: 'FOUR_WD',
      exterior_color: 'Pearl White',
      state_of_vehicle: 'USED',
      availability: 'available',
      ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`image[${i}].url`, i < 3 ? `${PUBLIC_URL}/media/cars/${prado.slug}-${i}.webp` : ''])),
    });
  });

  it('marks a reserved car pending, leaves sold cars out, and never sends a chassis number, VIN or not', async () => {
    const res = await get();
    const rows = rowsOf(res.body);
    expect(rows.find((r) => r.vehicle_id === reserved.id)?.availability).toBe('pending');
    expect(rows.find((r) => r.vehicle_id === sold.id)).toBeUndefined();
    expect(res.body).not.toContain(sold.name);
    // No chassis number anywhere in the CSV, a 17-character VIN no more than a Japanese one: not
    // whole, not even more of its end than the public pages show (the last six characters).
    const cx5 = rows.find((r) => r.model === 'CX-5');
    expect(cx5).toBeDefined();
    const csv = res.body.toUpperCase();
    for (const chassis of [VIN, JAPANESE_CHASSIS, SOLD_CHASSIS]) {
      expect(csv).not.toContain(chassis);
      expect(csv).not.toContain(chassis.slice(-7));
    }
    // Nor a Japanese one's serial.
    for (const chassis of [JAPANESE_CHASSIS, SOLD_CHASSIS]) expect(csv).not.toContain(chassis.split('-')[1]);
    // Text with quotes and a line break survives the quoting.
    expect(cx5).toMatchObject({
      state_of_vehicle: 'NEW',
      description: 'Brand new, "as delivered", with a\nthree-year warranty.',
      'image[0].url': '',
    });
  });

  it('keeps its ETag while the stock is unchanged (304 to If-None-Match), on every instance', async () => {
    const first = await get();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await get()).headers.etag).toBe(etag);

    const notModified = await get({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=300');
    expect((await get({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    // A second server on the same database (another instance, or this one restarted) agrees.
    const other = await testApp();
    try {
      expect((await get({}, other)).headers.etag).toBe(etag);
      expect((await get({ 'if-none-match': etag }, other)).statusCode).toBe(304);
    } finally {
      await other.close();
    }
  });

  it('changes its ETag when a car changes, and the new body says so', async () => {
    const before = String((await get()).headers.etag);
    // Written straight to the table, as another instance would: the catalogue's notification tells this one.
    await handle.db.update(cars).set({ price: 2_300_000 }).where(eq(cars.id, prado.id));
    const after = await eventually(
      () => get({ 'if-none-match': before }),
      (res) => res.statusCode === 200,
    );
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(rowsOf(after.body).find((r) => r.vehicle_id === prado.id)?.price).toBe('2300000 KES');
    expect((await get({ 'if-none-match': String(after.headers.etag) })).statusCode).toBe(304);

    // A sale takes the car out and moves the ETag again; so does a brand's new name (the make column).
    await handle.db.update(cars).set({ status: 'Sold' }).where(eq(cars.id, reserved.id));
    const afterSale = await eventually(
      () => get({ 'if-none-match': String(after.headers.etag) }),
      (res) => res.statusCode === 200,
    );
    expect(rowsOf(afterSale.body).map((r) => r.vehicle_id)).not.toContain(reserved.id);
    await handle.db.update(brands).set({ name: 'Toyota Motor' }).where(eq(brands.name, 'Toyota'));
    const afterRename = await eventually(
      () => get({ 'if-none-match': String(afterSale.headers.etag) }),
      (res) => res.statusCode === 200,
    );
    expect(rowsOf(afterRename.body).find((r) => r.vehicle_id === prado.id)?.make).toBe('Toyota Motor');
  });

  it('is the header alone when nothing is for sale', async () => {
    await handle.db.update(cars).set({ status: 'Sold' });
    const res = await eventually(
      () => get(),
      (r) => rowsOf(r.body).length === 0,
    );
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.body)).toEqual([]);
  });
});
