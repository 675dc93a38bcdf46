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

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const MIGRATIONS_DIR = join(root, 'libs/server/db/migrations');
const BATCH = 5000;

// [model, body type, engine cc, horsepower, base price KES (recent year, low mileage)]
const B = (name, country, models) => ({ name, country, models });
export const BRANDS = [
  B('Toyota', 'Japan', [
    ['Land Cruiser Prado TX', 'SUV', 2700, 161, 9_500_000],
    ['Land Cruiser Prado TZ-G', 'SUV', 2800, 201, 12_500_000],
    ['Vitz', 'Hatchback', 1000, 68, 950_000],
    ['Axio', 'Sedan', 1500, 107, 1_450_000],
    ['Fielder', 'Station Wagon', 1500, 107, 1_550_000],
    ['Harrier', 'SUV', 2000, 148, 4_200_000],
    ['Hilux Double Cab', 'Pickup', 2400, 148, 4_800_000],
    ['Probox', 'Station Wagon', 1500, 107, 1_050_000],
    ['Noah', 'Van', 2000, 150, 2_300_000],
    ['Corolla Cross', 'SUV', 1800, 138, 3_600_000],
  ]),
  B('Subaru', 'Japan', [
    ['Forester', 'SUV', 2000, 148, 2_900_000],
    ['Outback', 'Station Wagon', 2500, 173, 3_400_000],
    ['Impreza', 'Hatchback', 1600, 113, 1_500_000],
    ['Legacy B4', 'Sedan', 2500, 173, 1_900_000],
    ['XV', 'SUV', 2000, 148, 2_400_000],
    ['WRX STI', 'Sedan', 2500, 305, 5_200_000],
  ]),
  B('Mazda', 'Japan', [
    ['Demio', 'Hatchback', 1300, 91, 900_000],
    ['Axela', 'Hatchback', 1500, 109, 1_350_000],
    ['Atenza', 'Sedan', 2200, 173, 2_100_000],
    ['CX-5', 'SUV', 2200, 173, 3_100_000],
    ['CX-3', 'SUV', 1500, 103, 2_200_000],
    ['BT-50', 'Pickup', 3200, 197, 3_900_000],
  ]),
  B('Nissan', 'Japan', [
    ['Note', 'Hatchback', 1200, 79, 850_000],
    ['X-Trail', 'SUV', 2000, 145, 2_700_000],
    ['Navara', 'Pickup', 2500, 188, 4_100_000],
    ['Caravan', 'Van', 2500, 127, 2_600_000],
    ['Sylphy', 'Sedan', 1800, 129, 1_300_000],
    ['Patrol', 'SUV', 5600, 400, 14_500_000],
  ]),
  B('Honda', 'Japan', [
    ['Fit Hybrid', 'Hatchback', 1500, 108, 1_150_000],
    ['Vezel', 'SUV', 1500, 130, 2_350_000],
    ['CR-V', 'SUV', 2000, 154, 3_300_000],
    ['Civic', 'Sedan', 1800, 139, 1_900_000],
    ['Accord', 'Sedan', 2400, 187, 2_600_000],
    ['Stepwgn', 'Van', 2000, 148, 2_100_000],
  ]),
  B('Mercedes-Benz', 'Germany', [
    ['C200', 'Sedan', 2000, 201, 4_300_000],
    ['E250', 'Sedan', 2000, 208, 5_900_000],
    ['GLE 350d', 'SUV', 2900, 268, 13_800_000],
    ['G63 AMG', 'SUV', 4000, 577, 24_500_000],
    ['GLC 300', 'SUV', 2000, 255, 8_200_000],
    ['Sprinter', 'Van', 2100, 161, 6_300_000],
  ]),
  B('BMW', 'Germany', [
    ['320i', 'Sedan', 2000, 181, 3_900_000],
    ['520d', 'Sedan', 2000, 188, 5_300_000],
    ['X3 xDrive20d', 'SUV', 2000, 188, 6_200_000],
    ['X5 xDrive40i', 'SUV', 3000, 335, 11_500_000],
    ['118i', 'Hatchback', 1500, 134, 2_500_000],
    ['M4 Competition', 'Coupe', 3000, 503, 16_000_000],
  ]),
  B('Volkswagen', 'Germany', [
    ['Polo Vivo', 'Hatchback', 1400, 84, 1_600_000],
    ['Golf GTI', 'Hatchback', 2000, 241, 3_700_000],
    ['Tiguan', 'SUV', 2000, 177, 4_300_000],
    ['Touareg', 'SUV', 3000, 282, 8_400_000],
    ['Amarok', 'Pickup', 3000, 221, 5_600_000],
    ['Passat', 'Sedan', 1800, 177, 2_300_000],
  ]),
  B('Mitsubishi', 'Japan', [
    ['Pajero', 'SUV', 3200, 187, 4_200_000],
    ['L200 Triton', 'Pickup', 2400, 178, 3_800_000],
    ['Outlander PHEV', 'SUV', 2400, 221, 4_100_000],
    ['RVR', 'SUV', 1800, 138, 2_000_000],
    ['Mirage', 'Hatchback', 1200, 77, 950_000],
  ]),
  B('Isuzu', 'Japan', [
    ['D-Max Double Cab', 'Pickup', 3000, 188, 4_900_000],
    ['MU-X', 'SUV', 3000, 188, 5_700_000],
    ['NPR Van', 'Van', 4600, 148, 4_500_000],
    ['D-Max Single Cab', 'Pickup', 2500, 134, 3_300_000],
  ]),
  B('Suzuki', 'Japan', [
    ['Swift', 'Hatchback', 1200, 82, 1_250_000],
    ['Vitara', 'SUV', 1600, 118, 2_600_000],
    ['Jimny', 'SUV', 1500, 101, 3_100_000],
    ['Every', 'Van', 660, 53, 750_000],
    ['Ertiga', 'Van', 1500, 103, 1_900_000],
  ]),
  B('Lexus', 'Japan', [
    ['RX 350', 'SUV', 3500, 295, 8_900_000],
    ['LX 570', 'SUV', 5700, 383, 21_000_000],
    ['NX 300h', 'SUV', 2500, 194, 6_300_000],
    ['IS 250', 'Sedan', 2500, 204, 3_200_000],
    ['ES 300h', 'Sedan', 2500, 215, 5_800_000],
  ]),
  B('Land Rover', 'United Kingdom', [
    ['Range Rover Sport', 'SUV', 3000, 350, 15_500_000],
    ['Range Rover Vogue', 'SUV', 4400, 523, 23_000_000],
    ['Discovery Sport', 'SUV', 2000, 177, 6_400_000],
    ['Defender 110', 'SUV', 3000, 296, 17_500_000],
    ['Range Rover Evoque', 'SUV', 2000, 197, 6_900_000],
  ]),
  B('Audi', 'Germany', [
    ['A3 Sportback', 'Hatchback', 1400, 148, 2_800_000],
    ['A4', 'Sedan', 2000, 188, 3_900_000],
    ['A6', 'Sedan', 2000, 241, 5_600_000],
    ['Q5', 'SUV', 2000, 248, 6_800_000],
    ['Q7', 'SUV', 3000, 335, 10_900_000],
  ]),
  B('Ford', 'United States', [
    ['Ranger Wildtrak', 'Pickup', 3200, 197, 5_400_000],
    ['Everest', 'SUV', 3200, 197, 6_300_000],
    ['Focus', 'Hatchback', 1600, 123, 1_400_000],
    ['Mustang GT', 'Coupe', 5000, 450, 9_800_000],
    ['Transit', 'Van', 2200, 153, 3_900_000],
  ]),
  B('Hyundai', 'South Korea', [
    ['Tucson', 'SUV', 2000, 155, 3_300_000],
    ['Santa Fe', 'SUV', 2200, 197, 4_600_000],
    ['i10', 'Hatchback', 1200, 82, 1_100_000],
    ['Elantra', 'Sedan', 1600, 126, 1_900_000],
    ['H-1', 'Van', 2500, 168, 3_500_000],
  ]),
  B('Kia', 'South Korea', [
    ['Sportage', 'SUV', 2000, 155, 3_400_000],
    ['Sorento', 'SUV', 2200, 197, 4_700_000],
    ['Picanto', 'Hatchback', 1200, 83, 1_150_000],
    ['Rio', 'Hatchback', 1400, 99, 1_450_000],
    ['Cerato', 'Sedan', 1600, 126, 1_950_000],
  ]),
  B('Peugeot', 'France', [
    ['208', 'Hatchback', 1200, 99, 1_700_000],
    ['3008', 'SUV', 1600, 163, 3_600_000],
    ['508', 'Sedan', 1600, 178, 3_300_000],
    ['Landtrek', 'Pickup', 2400, 148, 4_300_000],
    ['5008', 'SUV', 1600, 163, 4_100_000],
  ]),
  B('Volvo', 'Sweden', [
    ['XC90', 'SUV', 2000, 250, 9_500_000],
    ['XC60', 'SUV', 2000, 250, 7_100_000],
    ['S60', 'Sedan', 2000, 250, 4_900_000],
    ['V40', 'Hatchback', 1500, 150, 2_000_000],
  ]),
  B('Porsche', 'Germany', [
    ['Cayenne', 'SUV', 3000, 335, 14_000_000],
    ['Macan', 'SUV', 2000, 261, 9_400_000],
    ['911 Carrera', 'Coupe', 3000, 379, 22_000_000],
    ['Panamera', 'Sedan', 2900, 325, 16_500_000],
  ]),
  B('Jeep', 'United States', [
    ['Grand Cherokee', 'SUV', 3600, 290, 7_600_000],
    ['Wrangler Unlimited', 'SUV', 3600, 285, 8_300_000],
    ['Compass', 'SUV', 2400, 180, 3_900_000],
    ['Cherokee', 'SUV', 2400, 180, 4_200_000],
  ]),
  B('Chevrolet', 'United States', [
    ['Trailblazer', 'SUV', 2800, 197, 3_900_000],
    ['Captiva', 'SUV', 2400, 167, 2_400_000],
    ['Cruze', 'Sedan', 1800, 140, 1_600_000],
    ['Colorado', 'Pickup', 2800, 197, 4_100_000],
  ]),
  B('Renault', 'France', [
    ['Duster', 'SUV', 1500, 109, 2_300_000],
    ['Koleos', 'SUV', 2500, 171, 3_700_000],
    ['Kwid', 'Hatchback', 1000, 67, 950_000],
    ['Clio', 'Hatchback', 1200, 99, 1_500_000],
  ]),
  B('Skoda', 'Czech Republic', [
    ['Octavia', 'Sedan', 1400, 148, 2_600_000],
    ['Superb', 'Sedan', 2000, 187, 3_900_000],
    ['Kodiaq', 'SUV', 2000, 187, 4_800_000],
    ['Fabia', 'Hatchback', 1000, 94, 1_400_000],
  ]),
  B('Jaguar', 'United Kingdom', [
    ['F-Pace', 'SUV', 2000, 247, 8_600_000],
    ['XF', 'Sedan', 2000, 247, 5_900_000],
    ['XE', 'Sedan', 2000, 197, 4_600_000],
    ['E-Pace', 'SUV', 2000, 246, 6_300_000],
  ]),
  B('Mini', 'United Kingdom', [
    ['Cooper S', 'Hatchback', 2000, 189, 3_100_000],
    ['Countryman', 'SUV', 1500, 134, 3_500_000],
    ['Clubman', 'Station Wagon', 1500, 134, 2_900_000],
  ]),
  B('Infiniti', 'Japan', [
    ['QX80', 'SUV', 5600, 400, 13_000_000],
    ['QX50', 'SUV', 2000, 268, 5_300_000],
    ['Q50', 'Sedan', 3000, 300, 4_200_000],
  ]),
  B('Daihatsu', 'Japan', [
    ['Terios', 'SUV', 1500, 103, 1_600_000],
    ['Mira', 'Hatchback', 660, 52, 600_000],
    ['Hijet', 'Van', 660, 53, 700_000],
    ['Boon', 'Hatchback', 1000, 68, 850_000],
  ]),
  B('Tata', 'India', [
    ['Xenon', 'Pickup', 2200, 138, 2_500_000],
    ['Nexon', 'SUV', 1200, 118, 2_100_000],
    ['Safari', 'SUV', 2000, 168, 3_600_000],
    ['Ultra T7', 'Van', 3000, 98, 3_200_000],
  ]),
  B('Mahindra', 'India', [
    ['Scorpio', 'SUV', 2200, 138, 2_900_000],
    ['XUV500', 'SUV', 2200, 153, 3_300_000],
    ['Pik Up', 'Pickup', 2500, 75, 2_400_000],
    ['Thar', 'SUV', 2200, 130, 3_100_000],
  ]),
  B('Tesla', 'United States', [
    ['Model 3', 'Sedan', 1000, 283, 6_900_000],
    ['Model Y', 'SUV', 1000, 384, 8_400_000],
    ['Model S', 'Sedan', 1000, 670, 13_500_000],
  ]),
  B('Lamborghini', 'Italy', [
    ['Urus', 'SUV', 4000, 641, 24_900_000],
    ['Huracan EVO', 'Coupe', 5200, 631, 24_500_000],
  ]),
  B('Ferrari', 'Italy', [
    ['Roma', 'Coupe', 3900, 612, 24_800_000],
    ['Portofino M', 'Coupe', 3900, 612, 24_000_000],
  ]),
  B('Maserati', 'Italy', [
    ['Levante', 'SUV', 3000, 345, 11_900_000],
    ['Ghibli', 'Sedan', 3000, 345, 8_900_000],
  ]),
  B('Bentley', 'United Kingdom', [
    ['Bentayga', 'SUV', 4000, 542, 24_000_000],
    ['Continental GT', 'Coupe', 4000, 542, 23_500_000],
  ]),
  B('Alfa Romeo', 'Italy', [
    ['Giulia', 'Sedan', 2000, 280, 5_400_000],
    ['Stelvio', 'SUV', 2000, 280, 6_200_000],
  ]),
  B('Citroen', 'France', [
    ['C3', 'Hatchback', 1200, 82, 1_450_000],
    ['C5 Aircross', 'SUV', 1600, 178, 3_300_000],
    ['Berlingo', 'Van', 1600, 90, 2_100_000],
  ]),
  B('Fiat', 'Italy', [
    ['500', 'Hatchback', 1200, 69, 1_300_000],
    ['Doblo', 'Van', 1400, 94, 1_700_000],
    ['Fullback', 'Pickup', 2400, 178, 3_200_000],
  ]),
  B('Opel', 'Germany', [
    ['Astra', 'Hatchback', 1400, 148, 1_700_000],
    ['Grandland', 'SUV', 1600, 178, 3_100_000],
    ['Vivaro', 'Van', 2000, 148, 3_000_000],
  ]),
  B('Haval', 'China', [
    ['H6', 'SUV', 1500, 181, 3_400_000],
    ['Jolion', 'SUV', 1500, 148, 2_700_000],
    ['H9', 'SUV', 2000, 241, 5_300_000],
  ]),
  B('Chery', 'China', [
    ['Tiggo 4 Pro', 'SUV', 1500, 145, 2_300_000],
    ['Tiggo 8 Pro', 'SUV', 1600, 194, 3_600_000],
    ['Arrizo 5', 'Sedan', 1500, 114, 1_500_000],
  ]),
  B('BYD', 'China', [
    ['Atto 3', 'SUV', 1000, 201, 4_700_000],
    ['Dolphin', 'Hatchback', 1000, 94, 3_200_000],
    ['Seal', 'Sedan', 1000, 308, 6_100_000],
  ]),
  B('GWM', 'China', [
    ['P-Series', 'Pickup', 2000, 161, 3_700_000],
    ['Steed 5', 'Pickup', 2000, 148, 2_600_000],
    ['Tank 300', 'SUV', 2000, 241, 6_400_000],
  ]),
  B('Foton', 'China', [
    ['Tunland', 'Pickup', 2800, 161, 2_700_000],
    ['View C2', 'Van', 2000, 111, 2_300_000],
    ['Aumark', 'Van', 2800, 114, 2_900_000],
  ]),
  B('Proton', 'Malaysia', [
    ['Saga', 'Sedan', 1300, 94, 1_100_000],
    ['X70', 'SUV', 1500, 174, 2_800_000],
    ['Persona', 'Sedan', 1600, 107, 1_250_000],
  ]),
  B('SsangYong', 'South Korea', [
    ['Rexton', 'SUV', 2200, 178, 4_400_000],
    ['Musso', 'Pickup', 2200, 178, 3_700_000],
    ['Korando', 'SUV', 1600, 134, 2_900_000],
  ]),
  B('Hino', 'Japan', [
    ['Dutro', 'Pickup', 4000, 148, 4_200_000],
    ['Liesse', 'Van', 4000, 134, 3_600_000],
  ]),
  B('UD Trucks', 'Japan', [
    ['Condor Van', 'Van', 5000, 168, 4_600_000],
    ['Croner', 'Pickup', 5000, 220, 6_300_000],
  ]),
  B('Genesis', 'South Korea', [
    ['GV80', 'SUV', 3500, 375, 11_000_000],
    ['G80', 'Sedan', 2500, 300, 7_800_000],
  ]),
  B('Cadillac', 'United States', [
    ['Escalade', 'SUV', 6200, 420, 18_500_000],
    ['XT5', 'SUV', 3600, 310, 7_300_000],
  ]),
];

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
