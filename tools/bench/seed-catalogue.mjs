// Seeds a PostgreSQL database with a large, realistic catalogue for the benchmarks: N cars across
// 50 brands (real models per brand, body types, KES prices 300k-25M, years 2008-2025, mileage,
// specs, 1-3 pictures each), mostly Available, some Reserved or Sold, a few featured.
//
//   node tools/bench/seed-catalogue.mjs --cars 10000 [--database-url URL] [--replace]
//
// The database is created when missing and brought up to date with the server's own migrations
// (drizzle's node-postgres migrator over libs/server/db/migrations, as the server does on start).
// Rows go in with multi-row INSERT ... SELECT FROM unnest(...) batches of 5,000 in one transaction
// (pg-copy-streams is not installed; unnest keeps one parameter per column, under Postgres' 65,535).
// Deterministic: the same N gives the same catalogue. Pictures point at placeholder `/media/...`
// urls (the bench reads JSON only; a page would show broken images).
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { BRANDS } from './catalogue-brands.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const MIGRATIONS_DIR = join(root, 'libs/server/db/migrations');
const BATCH = 5000;


const COLOURS = ['Pearl White', 'Silver Metallic', 'Black Mica', 'Graphite Grey', 'Deep Blue', 'Burgundy Red', 'Champagne Gold', 'Dark Green'];
const TRIMS = {
  SUV: ['', ' 4WD', ' Limited'],
  Pickup: ['', ' 4x4'],
  Sedan: ['', ' Sport'],
  Hatchback: ['', ' RS'],
  'Station Wagon': [''],
  Van: ['', ' 8-Seater'],
  Coupe: [''],
};
const SEATS = { SUV: [5, 7], Sedan: [5], Hatchback: [5], 'Station Wagon': [5], Pickup: [5, 2], Van: [8, 10], Coupe: [4, 2] };
const WARRANTIES = [null, '3 months engine and gearbox', '6 months engine and gearbox', '1 year dealer warranty', '3 years manufacturer warranty'];

export function slugify(text) {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** mulberry32: a small deterministic generator, so a given N always gives the same catalogue. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uuid-shaped id derived from text (deterministic, so reruns give the same ids). */
function idOf(text) {
  const h = createHash('sha1').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const hashOf = (text) => createHash('sha1').update(text).digest('hex').slice(0, 10);

/** The placeholder picture of a body type from an angle, named like the local media store names files. */
function picture(bodyType, angle) {
  const base = `bench-${slugify(bodyType)}-${angle}-${hashOf(bodyType + angle)}`;
  return { url: `/media/cars/${base}.webp`, publicId: `cars/${base}` };
}

/** Admin URL form of a database URL with another database name. */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function ensureDatabase(databaseUrl) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

/** Creates the database when missing and runs the server's migrations on it. */
export async function migrateDatabase(databaseUrl) {
  await ensureDatabase(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await pool.end();
  }
}

/** Drops the database when it exists. */
export async function dropDatabase(databaseUrl) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * Whether every migration applied to the database is one of today's files, unchanged (drizzle
 * records each file's sha256). False when a migration was edited after it ran there: the schema is
 * stale and the database must be rebuilt, since drizzle never runs an applied migration again.
 */
export async function migrationsCurrent(databaseUrl) {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  const hashes = new Set(
    journal.entries.map((e) =>
      createHash('sha256')
        .update(readFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), 'utf8'))
        .digest('hex'),
    ),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query('select hash from drizzle.__drizzle_migrations');
    return rows.every((r) => hashes.has(r.hash));
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** How many cars the database holds (0 when the table is missing). */
export async function countCars(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from cars');
    return rows[0].n;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function* generateCars(n, brandIds, now) {
  const rnd = random(n * 7919 + 17);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  // Bigger brands get more stock: weights fall with the brand's place in the list.
  const weights = BRANDS.map((_, i) => 1 / Math.sqrt(i + 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickBrand = () => {
    let r = rnd() * totalWeight;
    for (let i = 0; i < weights.length; i++) if ((r -= weights[i]) <= 0) return i;
    return weights.length - 1;
  };
  const span = 2 * 365 * 24 * 3600 * 1000; // listed over the last two years
  for (let i = 0; i < n; i++) {
    const bi = pickBrand();
    const brand = BRANDS[bi];
    const [model, bodyType, engineSize, hp, basePrice] = pick(brand.models);
    const year = 2008 + Math.floor(rnd() ** 0.6 * 18); // 2008-2025, more recent ones
    const age = 2025 - year;
    const condition = age === 0 && rnd() < 0.6 ? 'New' : rnd() < 0.7 ? 'Foreign Used' : 'Locally Used';
    const mileage = condition === 'New' ? 5 + Math.floor(rnd() * 60) : Math.round((age * (9000 + rnd() * 16000) + rnd() * 8000) / 100) * 100 + 100;
    const value = basePrice * 0.88 ** age * (1 - Math.min(mileage, 300_000) / 1_500_000) * (0.9 + rnd() * 0.2);
    const price = Math.max(300_000, Math.min(25_000_000, Math.round(value / 10_000) * 10_000));
    const trim = pick(TRIMS[bodyType]);
    const name = `${brand.name} ${model}${trim} ${year}`;
    const colour = pick(COLOURS);
    const diesel = bodyType === 'Pickup' || (bodyType === 'Van' && engineSize > 2000) || (engineSize >= 2200 && rnd() < 0.4);
    const fourWd = bodyType === 'Pickup' || trim.includes('4') || (bodyType === 'SUV' && rnd() < 0.7);
    const createdAt = new Date(now - Math.floor((i / n) * span) - Math.floor(rnd() * 60_000));
    const updatedAt = new Date(createdAt.getTime() + Math.floor(rnd() * 10 * 86_400_000 * (rnd() < 0.3 ? 1 : 0)));
    const r = rnd();
    const status = r < 0.86 ? 'Available' : r < 0.93 ? 'Reserved' : 'Sold';
    const id = idOf(`bench-car-${n}-${i}`);
    yield {
      id,
      name,
      slug: `${slugify(name)}-${i.toString(36)}`,
      description: `${colour} ${brand.name} ${model}, ${year}, ${mileage.toLocaleString('en-KE')} km, ${condition.toLowerCase()}. ${
        condition === 'New'
          ? 'Brand new with full manufacturer warranty.'
          : condition === 'Foreign Used'
            ? `Imported from ${rnd() < 0.8 ? 'Japan' : 'the United Kingdom'}, KRA duty paid, first registration in Kenya.`
            : 'One owner, full service history with the dealer, accident free.'
      } ${bodyType === 'SUV' || bodyType === 'Pickup' ? 'Ready for murram and highway alike.' : 'Economical and comfortable for the city.'} Viewing at our Mombasa showroom; financing and trade-in available.`,
      price,
      brandId: brandIds[bi],
      fuelType: diesel ? 'Diesel' : 'Petrol',
      transmission: bodyType === 'Pickup' && rnd() < 0.5 ? 'Manual' : rnd() < 0.85 ? 'Automatic' : 'Manual',
      engineSize,
      mileage,
      safetyRating: rnd() < 0.8 ? 3 + Math.floor(rnd() * 3) : null,
      year,
      seats: pick(SEATS[bodyType]),
      drive: fourWd ? '4 WD' : '2 WD',
      horsepower: rnd() < 0.9 ? hp : null,
      torque: rnd() < 0.85 ? Math.round(hp * (diesel ? 2.4 : 1.45)) : null,
      accelerationSeconds: rnd() < 0.8 ? Math.round(Math.max(3, 2200 / hp + rnd() * 2) * 10) / 10 : null,
      groundClearanceMm: rnd() < 0.8 ? (bodyType === 'SUV' || bodyType === 'Pickup' ? 200 + Math.floor(rnd() * 60) : 130 + Math.floor(rnd() * 40)) : null,
      fuelTankLitres: rnd() < 0.8 ? (engineSize > 2500 ? 80 : engineSize > 1600 ? 60 : 42) : null,
      warranty: condition === 'New' ? WARRANTIES[4] : pick(WARRANTIES.slice(0, 4)),
      condition,
      bodyType,
      featured: status === 'Available' && rnd() < 0.01,
      status,
      createdAt,
      updatedAt,
      images: ['front-three-quarter', 'side', 'rear'].slice(0, 1 + Math.floor(rnd() * 3)).map((angle) => picture(bodyType, angle)),
    };
  }
}

const CAR_COLUMNS = [
  ['id', 'uuid'],
  ['name', 'text'],
  ['slug', 'text'],
  ['description', 'text'],
  ['price', 'int'],
  ['brand_id', 'uuid'],
  ['fuel_type', 'fuel_type'],
  ['transmission', 'transmission'],
  ['engine_size', 'int'],
  ['mileage', 'int'],
  ['safety_rating', 'int'],
  ['year', 'int'],
  ['seats', 'int'],
  ['drive', 'drive'],
  ['horsepower', 'int'],
  ['torque', 'int'],
  ['acceleration_seconds', 'real'],
  ['ground_clearance_mm', 'int'],
  ['fuel_tank_litres', 'int'],
  ['warranty', 'text'],
  ['condition', 'car_condition'],
  ['body_type', 'body_type'],
  ['featured', 'boolean'],
  ['status', 'car_status'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const camel = (column) => column.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const CAR_KEYS = CAR_COLUMNS.map(([c]) => camel(c));

/** INSERT ... SELECT FROM unnest: one array parameter per column, whatever the batch size. */
async function insertRows(client, table, columns, rows, keys) {
  const list = columns.map(([c]) => c).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const params = keys.map((key) => rows.map((row) => (row[key] instanceof Date ? row[key].toISOString() : row[key])));
  await client.query(`insert into ${table} (${list}) select * from unnest(${arrays})`, params);
}

/**
 * Seeds `cars` cars across 50 brands into `databaseUrl` (created and migrated first). An existing
 * catalogue is refused unless `replace`, which empties the catalogue tables (and what cascades).
 */
export async function seedCatalogue({ databaseUrl, cars: n, replace = false, log = console.log }) {
  const started = Date.now();
  await migrateDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: existing } = await client.query('select (select count(*) from cars)::int as cars, (select count(*) from brands)::int as brands');
    if ((existing[0].cars > 0 || existing[0].brands > 0) && !replace) {
      throw new Error(`the database already holds ${existing[0].cars} cars and ${existing[0].brands} brands (use --replace to empty it first)`);
    }
    await client.query('begin');
    if (replace) await client.query('truncate car_images, brand_images, cars, brands cascade');
    const now = Date.now();
    const brandRows = BRANDS.map((b, i) => ({
      id: idOf(`bench-brand-${b.name}`),
      name: b.name,
      slug: slugify(b.name),
      description: `${b.name} cars from ${b.country}: inspected stock with service history, spares and service support in Mombasa and Nairobi.`,
      createdAt: new Date(now - (BRANDS.length - i) * 60_000 - 3 * 365 * 86_400_000),
      updatedAt: new Date(now - (BRANDS.length - i) * 60_000 - 3 * 365 * 86_400_000),
    }));
    await insertRows(
      client,
      'brands',
      [
        ['id', 'uuid'],
        ['name', 'text'],
        ['slug', 'text'],
        ['description', 'text'],
        ['created_at', 'timestamptz'],
        ['updated_at', 'timestamptz'],
      ],
      brandRows,
      ['id', 'name', 'slug', 'description', 'createdAt', 'updatedAt'],
    );
    const logos = brandRows.map((b) => {
      const base = `bench-${b.slug}-logo-${hashOf(b.slug)}`;
      return { id: idOf(`bench-logo-${b.slug}`), brandId: b.id, url: `/media/brands/${base}.webp`, publicId: `brands/${base}`, position: 0 };
    });
    await insertRows(
      client,
      'brand_images',
      [
        ['id', 'uuid'],
        ['brand_id', 'uuid'],
        ['url', 'text'],
        ['public_id', 'text'],
        ['position', 'int'],
      ],
      logos,
      ['id', 'brandId', 'url', 'publicId', 'position'],
    );

    let carBatch = [];
    let imageBatch = [];
    let written = 0;
    const flush = async () => {
      if (carBatch.length) await insertRows(client, 'cars', CAR_COLUMNS, carBatch, CAR_KEYS);
      for (let i = 0; i < imageBatch.length; i += BATCH) {
        await insertRows(
          client,
          'car_images',
          [
            ['id', 'uuid'],
            ['car_id', 'uuid'],
            ['url', 'text'],
            ['public_id', 'text'],
            ['position', 'int'],
          ],
          imageBatch.slice(i, i + BATCH),
          ['id', 'carId', 'url', 'publicId', 'position'],
        );
      }
      written += carBatch.length;
      carBatch = [];
      imageBatch = [];
    };
    for (const car of generateCars(
      n,
      brandRows.map((b) => b.id),
      now,
    )) {
      carBatch.push(car);
      car.images.forEach((image, position) => imageBatch.push({ id: idOf(`${car.id}-${position}`), carId: car.id, ...image, position }));
      if (carBatch.length === BATCH) await flush();
    }
    await flush();
    // Marks the installation as seeded, so a server started on it never adds the demo catalogue.
    await client.query(`insert into app_state (key, value) values ('demo_catalogue_seeded', $1) on conflict (key) do nothing`, [
      JSON.stringify({ at: new Date(now).toISOString(), bench: n }),
    ]);
    await client.query('commit');
    // Vacuumed too, as autovacuum would leave a settled catalogue: the visibility map lets counts read the indexes only.
    await client.query('vacuum analyze brands, brand_images, cars, car_images');
    const { rows } = await client.query(
      `select status, count(*)::int as n, count(*) filter (where featured)::int as featured from cars group by status order by status`,
    );
    log(
      `seeded ${written} cars across ${brandRows.length} brands in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows.map((r) => `${r.status} ${r.n}`).join(', ')}; featured ${rows.reduce((a, r) => a + r.featured, 0)}`,
    );
    return { cars: written, brands: brandRows.length };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

function parseArgs(argv) {
  const args = { replace: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--cars') args.cars = Number(argv[++i]);
    else if (a.startsWith('--cars=')) args.cars = Number(a.slice(7));
    else if (a === '--database-url') args.databaseUrl = argv[++i];
    else if (a.startsWith('--database-url=')) args.databaseUrl = a.slice(15);
    else if (a === '--replace') args.replace = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const args = parseArgs(process.argv.slice(2));
    if (!Number.isInteger(args.cars) || args.cars < 1) throw new Error('usage: seed-catalogue.mjs --cars N [--database-url URL] [--replace]');
    const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const databaseUrl = args.databaseUrl ?? withDatabase(server, `dealership_bench_${args.cars}`);
    console.log(`seeding ${args.cars} cars into ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}`);
    await seedCatalogue({ databaseUrl, cars: args.cars, replace: args.replace });
  } catch (error) {
    console.error(`seed-catalogue: ${error.message}`);
    process.exit(1);
  }
}
