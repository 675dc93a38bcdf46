import { modelFromName, modelSlug } from '@dealership/car-model';
import { openDatabase } from '@dealership/server-db';
import { createTestDatabase, findMigrationsDir } from '@dealership/server-db/testing';
import { DEFAULT_RESERVATION_RULES, ReservationRulesSchema } from '@dealership/setting-schemas';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountContacts, carImages, carRefs, cars, orders, pictureHolders, settings } from './index';

/** The committed migrations up to and including `lastTag`, copied to a folder of their own. */
function migrationsUpTo(lastTag: string, into: string): string {
  const source = findMigrationsDir();
  cpSync(source, into, { recursive: true });
  const journalFile = join(into, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return into;
}

describe('migrations (integration, real database)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'migrations-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('0002 renames the legacy car columns of an existing installation without losing a row', async () => {
    const dataDir = join(root, 'data');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    // An installation as the previous release left it: the legacy column names, with a car in them.
    const old = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await migrate(drizzle(old), { migrationsFolder: migrationsUpTo('0001_search_trgm', join(root, 'old-migrations')) });
    await old.exec(`
      INSERT INTO cars (name, slug, description, price, fuel_type, transmission, engine_size, mileage, safety_rating, yom, seater,
        drive, accelaration, ground_clearance, fuel_tank, body_type)
      VALUES ('Toyota Prado', 'toyota-prado', 'Clean.', 7600000, 'Diesel', 'Automatic', 2800, 49000, 5, 2019, 7,
        '4 WD', 12.7, 215, 87, 'SUV');
      INSERT INTO car_images (car_id, url, public_id) SELECT id, '/media/cars/prado.webp', 'cars/prado' FROM cars;
    `);
    await old.close();

    // The current release opens it: its migrations run on start.
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [car] = await handle.db.select().from(cars).where(eq(cars.slug, 'toyota-prado'));
      expect(car).toMatchObject({
        name: 'Toyota Prado',
        price: 7_600_000,
        safetyRating: 5,
        year: 2019,
        seats: 7,
        accelerationSeconds: 12.7,
        groundClearanceMm: 215,
        fuelTankLitres: 87,
      });
      expect(await handle.db.select().from(carImages)).toHaveLength(1);
      const columns = await handle.db
        .select({ name: sql<string>`column_name` })
        .from(sql`information_schema.columns`)
        .where(sql`table_name = 'cars'`);
      const names = columns.map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(['year', 'seats', 'acceleration_seconds', 'ground_clearance_mm', 'fuel_tank_litres']));
      for (const legacy of ['yom', 'seater', 'accelaration', 'ground_clearance', 'fuel_tank']) expect(names).not.toContain(legacy);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('0007 makes the orders of an existing installation card orders, with no contact kept and no key', async () => {
    const dataDir = join(root, 'data-0007');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    const old = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await migrate(drizzle(old), { migrationsFolder: migrationsUpTo('0006_audit_record_label', join(root, 'migrations-0006')) });
    await old.exec(`
      INSERT INTO users (name, email, password_hash, phone, address) VALUES ('Amina', 'amina@example.test', 'x', '0712', 'Nyali');
      INSERT INTO orders (buyer_id, amount, payment_success, payment) SELECT id, 650000, true, '{"provider":"braintree"}' FROM users;
    `);
    await old.close();

    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await handle.db.select().from(orders);
      expect(rows).toEqual([
        expect.objectContaining({
          amount: 650_000,
          paymentMethod: 'card',
          pending: false,
          contactName: null,
          contactPhone: null,
          contactAddress: null,
          idempotencyKey: null,
        }),
      ]);
      // New rows name their method: the column keeps no default.
      await expect(handle.db.execute(sql`insert into orders (amount, payment) values (1, '{"provider":"x"}')`)).rejects.toThrow();
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("0008 fills the search text of an existing installation's cars, and keeps it on a brand's rename", async () => {
    const dataDir = join(root, 'data-0008');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    const old = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await migrate(drizzle(old), { migrationsFolder: migrationsUpTo('0007_order_placement', join(root, 'migrations-0007')) });
    await old.exec(`
      INSERT INTO brands (name, slug) VALUES ('Toyota', 'toyota');
      INSERT INTO cars (name, slug, description, price, brand_id, fuel_type, transmission, engine_size, mileage, year, drive, body_type)
        SELECT 'Land Cruiser Prado', 'prado', 'Clean.', 5000000, id, 'Diesel', 'Automatic', 2800, 40000, 2019, '4 WD', 'SUV' FROM brands;
    `);
    await old.close();

    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const searchText = async () => (await handle.db.select({ searchText: cars.searchText }).from(cars))[0].searchText;
      expect(await searchText()).toBe('land cruiser prado\u001fsuv\u001ftoyota');
      await handle.db.execute(sql`update brands set name = 'TOYOTA Kenya'`);
      expect(await searchText()).toBe('land cruiser prado\u001fsuv\u001ftoyota kenya');
    } finally {
      await handle.close();
    }
  }, 60_000);
  it("0020 publishes each domain's views: accounts without their password hash, staff flagged; cars by name; every stored picture's holder", async () => {
    // The views on the current schema, with no older data to carry: the run's migrated snapshot,
    // not initdb and every migration once more (the way from scratch is open-database's and
    // data-dir-template's tests, and the snapshot's own making).
    const handle = await createTestDatabase();
    try {
      await handle.db.execute(sql`
        insert into users (name, email, password_hash, phone, address, role, staff_role) values
          ('Staff', 'staff@example.com', 'hash-1', '+254700000001', 'Mombasa', 1, 'owner'),
          ('Buyer', 'buyer@example.com', 'hash-2', '+254700000002', 'Nairobi', 0, null)`);
      await handle.db.execute(sql`insert into brands (name, slug) values ('Toyota', 'toyota')`);
      await handle.db.execute(sql`
        insert into cars (name, slug, description, price, brand_id, fuel_type, transmission, engine_size, mileage, year, drive, body_type)
          select 'Prado', 'prado', 'Clean.', 5000000, id, 'Diesel', 'Automatic', 2800, 40000, 2019, '4 WD', 'SUV' from brands`);
      await handle.db.execute(sql`insert into car_images (car_id, url, public_id, position) select id, '/media/cars/a.webp', 'cars/a', 0 from cars`);
      await handle.db.execute(sql`insert into brand_images (brand_id, url, public_id, position) select id, '/media/brands/b.webp', 'brands/b', 0 from brands`);

      const columns = (await handle.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'account_contacts' order by ordinal_position`,
      )) as unknown as { rows: { column_name: string }[] };
      // 0044 adds the proved phone and its channel, never the code's hash.
      expect(columns.rows.map((row) => row.column_name)).toEqual(['id', 'name', 'email', 'phone', 'address', 'email_verified_at', 'is_staff', 'verified_phone', 'text_channel']);
      const accounts = await handle.db
        .select({ email: accountContacts.email, isStaff: accountContacts.isStaff })
        .from(accountContacts)
        .orderBy(accountContacts.email);
      expect(accounts).toEqual([
        { email: 'buyer@example.com', isStaff: false },
        { email: 'staff@example.com', isStaff: true },
      ]);
      expect(await handle.db.select({ name: carRefs.name, slug: carRefs.slug }).from(carRefs)).toEqual([{ name: 'Prado', slug: 'prado' }]);
      const holders = await handle.db
        .select({ publicId: pictureHolders.publicId, owner: pictureHolders.owner })
        .from(pictureHolders)
        .orderBy(pictureHolders.publicId);
      expect(holders).toEqual([
        { publicId: 'brands/b', owner: 'brand' },
        { publicId: 'cars/a', owner: 'car' },
      ]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("0022 gives an existing installation's rate sets the default reservation rules", async () => {
    const dataDir = join(root, 'data-0022');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    const old = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await migrate(drizzle(old), { migrationsFolder: migrationsUpTo('0021_car_holds', join(root, 'migrations-0021')) });
    // Besides the November 2026 set 0018 seeds, one the staff added.
    await old.exec(`INSERT INTO settings (effective_from, duty, finance, note) SELECT '2027-07-01', duty, finance, 'Finance Act 2027' FROM settings`);
    await old.close();

    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await handle.db
        .select({ effectiveFrom: settings.effectiveFrom, reservation: settings.reservation })
        .from(settings)
        .orderBy(settings.effectiveFrom);
      // As the rules read them (the fields added since 0022, such as the trade-in offers' days, take their defaults).
      expect(rows.map((row) => ({ ...row, reservation: ReservationRulesSchema.parse(row.reservation) }))).toEqual([
        { effectiveFrom: '2026-11-01', reservation: DEFAULT_RESERVATION_RULES },
        { effectiveFrom: '2027-07-01', reservation: DEFAULT_RESERVATION_RULES },
      ]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("0034 fills the model of an existing installation's cars by car-model's rule (modelFromName), and its slug by modelSlug's", async () => {
    const dataDir = join(root, 'data-0034');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    const old = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await migrate(drizzle(old), { migrationsFolder: migrationsUpTo('0033_security_events', join(root, 'migrations-0033')) });
    // [brand, car name]: the usual names, and the edges of the rule (case, spacing, no brand prefix, no brand).
    const named: [string | null, string][] = [
      ['Toyota', 'Toyota Land Cruiser Prado TX-L 2.8 Diesel'],
      ['Toyota', 'Toyota Land Cruiser V8 4.5 ZX'],
      ['Toyota', 'Toyota Land Cruiser'],
      ['Toyota', 'toyota  LAND CRUISER prado'],
      ['Toyota', 'Toyota Land Cruisers 70'],
      ['Toyota', 'Toyota Corolla Axio 1.5 G'],
      ['Toyota', 'Toyota Harrier 2.0 Premium'],
      ['Toyota', 'Prado TX 2015'],
      ['Toyota', 'Toyota'],
      ['Land Rover', 'Land Rover Range Rover Sport HSE 3.0 SDV6'],
      ['Land Rover', 'Land Rover Range Rover Vogue'],
      ['Land Rover', 'Land Rover Defender 110'],
      ['Mazda', 'Mazda CX-5 2.5 Signature'],
      ['Mercedes-Benz', 'Mercedes-Benz C200 Avantgarde (W204)'],
      ['Nissan', 'Nissan Note e-Power X'],
      ['Volkswagen', 'Volkswagen Polo Vivo 1.4 Trendline'],
      [null, 'Toyota Vitz 1.0 F'],
    ];
    const brandNames = [...new Set(named.map(([brand]) => brand).filter((b): b is string => b !== null))];
    for (const brand of brandNames) await old.query('INSERT INTO brands (name, slug) VALUES ($1, $2)', [brand, brand.toLowerCase().replace(/[^a-z]+/g, '-')]);
    for (const [i, [brand, name]] of named.entries()) {
      await old.query(
        `INSERT INTO cars (name, slug, description, price, brand_id, fuel_type, transmission, engine_size, mileage, year, drive, body_type)
          VALUES ($1, $2, 'Clean.', 5000000, (SELECT id FROM brands WHERE name = $3), 'Diesel', 'Automatic', 2800, 40000, 2019, '4 WD', 'SUV')`,
        [name, `car-${i}`, brand],
      );
    }
    await old.close();

    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await handle.db.select({ slug: cars.slug, model: cars.model, modelSlug: cars.modelSlug }).from(cars);
      const filled = named.map((_, i) => rows.find((row) => row.slug === `car-${i}`));
      expect(filled.map((row) => row?.model)).toEqual(named.map(([brand, name]) => modelFromName(brand, name)));
      expect(filled.map((row) => row?.model)).toEqual([
        'Land Cruiser Prado',
        'Land Cruiser V8',
        'Land Cruiser',
        'Land Cruiser Prado',
        'Land',
        'Corolla Axio',
        'Harrier',
        '',
        '',
        'Range Rover Sport',
        'Range Rover',
        'Defender',
        'CX-5',
        'C200',
        'Note',
        'Polo Vivo',
        '',
      ]);
      // The generated slug is modelSlug's, for these and for a model written by hand.
      for (const row of rows) expect(row.modelSlug).toBe(modelSlug(row.model));
      await handle.db.update(cars).set({ model: ' Mark X (GRX130) ' }).where(eq(cars.slug, 'car-0'));
      const [marked] = await handle.db.select({ modelSlug: cars.modelSlug }).from(cars).where(eq(cars.slug, 'car-0'));
      expect(marked.modelSlug).toBe(modelSlug(' Mark X (GRX130) '));
      expect(marked.modelSlug).toBe('mark-x-grx130');
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("0035 numbers an existing installation's cars in the order they were added, and new cars after them", async () => {
    const dataDir = join(root, 'data-0035');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    const old = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await migrate(drizzle(old), { migrationsFolder: migrationsUpTo('0034_car_model', join(root, 'migrations-0034')) });
    // Inserted out of their added order: the numbers follow created_at.
    for (const [slug, createdAt] of [
      ['second', '2025-02-01'],
      ['first', '2025-01-01'],
      ['third', '2025-03-01'],
    ]) {
      await old.query(
        `INSERT INTO cars (name, slug, description, price, fuel_type, transmission, engine_size, mileage, year, drive, body_type, created_at)
          VALUES ($1, $1, 'Clean.', 5000000, 'Diesel', 'Automatic', 2800, 40000, 2019, '4 WD', 'SUV', $2)`,
        [slug, createdAt],
      );
    }
    await old.close();

    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const numbers = async () =>
        (await handle.db.select({ slug: cars.slug, stockNumber: cars.stockNumber }).from(cars).orderBy(cars.stockNumber)).map(
          (c) => `${c.slug} ${c.stockNumber}`,
        );
      expect(await numbers()).toEqual(['first ST-00001', 'second ST-00002', 'third ST-00003']);
      // A number typed by hand is skipped by the next one given.
      await handle.db.execute(sql`update cars set stock_number = 'ST-00004' where slug = 'first'`);
      await handle.db.execute(sql`
        insert into cars (name, slug, description, price, fuel_type, transmission, engine_size, mileage, year, drive, body_type)
          values ('fourth', 'fourth', 'Clean.', 5000000, 'Electric', 'Automatic', 1, 40000, 2024, '2 WD', 'SUV')`);
      expect(await numbers()).toEqual(['second ST-00002', 'third ST-00003', 'first ST-00004', 'fourth ST-00005']);
      await expect(handle.db.execute(sql`update cars set stock_number = 'ST-00002' where slug = 'third'`)).rejects.toThrow();
    } finally {
      await handle.close();
    }
  }, 60_000);
});
