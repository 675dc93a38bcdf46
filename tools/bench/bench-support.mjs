// What the server benchmarks (catalogue-bench.mjs, trpc-transport-bench.mjs) share: the --cars
// argument, the seeded PostgreSQL database, our built server's environment and start, and the
// statistics they report.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/processes.mjs';
import { countCars, dropDatabase, migrateDatabase, migrationsCurrent, seedCatalogue, withDatabase } from './seed-catalogue.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** BENCH_* settings every server benchmark reads. */
export const benchSettings = {
  serverUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  duration: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
  /** `BENCH_ONLY`: the case ids to run (comma-separated); undefined runs every case. */
  only: process.env.BENCH_ONLY?.split(',').map((id) => id.trim()),
};

/** `--cars N` (or `--cars=N`), default 10000, at least 100. */
export function parseCarsArg(argv) {
  let cars = 10000;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--cars') cars = Number(argv[++i]);
    else if (argv[i].startsWith('--cars=')) cars = Number(argv[i].slice(7));
    else throw new Error(`unknown argument ${argv[i]} (usage: --cars N)`);
  }
  if (!Number.isInteger(cars) || cars < 100) throw new Error('--cars must be a whole number of at least 100');
  return cars;
}

export const round = (v, d = 1) => (v === null || v === undefined ? null : Math.round(v * 10 ** d) / 10 ** d);
export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Builds dist/apps/server (esbuild, seconds) unless BENCH_SKIP_BUILD=1; exits when the build fails. */
export function buildServer() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  if (spawnSync(process.execPath, [join(root, 'tools/build/build-server.mjs')], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

/**
 * The database `dealership_bench_<cars>` on the benchmark's server, seeded with `cars` generated cars
 * (reused while it holds that many and its migrations are current), vacuumed and analysed as
 * autovacuum would leave it, so every run and every server meets the same settled catalogue.
 * Returns its URL, the slug of a car on sale and the server's version.
 */
export async function prepareBenchDatabase(cars) {
  const databaseUrl = withDatabase(benchSettings.serverUrl, `dealership_bench_${cars}`);
  const existing = await countCars(databaseUrl);
  const current = existing > 0 && (await migrationsCurrent(databaseUrl));
  if (existing === cars && current) {
    console.log(`reusing dealership_bench_${cars} (${existing} cars)`);
    await migrateDatabase(databaseUrl);
  } else {
    console.log(
      `seeding dealership_bench_${cars} (${existing === 0 ? 'empty or missing' : current ? `held ${existing} cars` : 'a migration changed since it was built'})`,
    );
    if (existing > 0 && !current) await dropDatabase(databaseUrl);
    await seedCatalogue({ databaseUrl, cars, replace: true });
  }
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  try {
    await probe.query('vacuum analyze brands, brand_images, cars, car_images');
    const { rows: slugRows } = await probe.query(`select slug from cars where status <> 'Sold' order by created_at desc, id desc offset 5 limit 1`);
    const { rows: versionRows } = await probe.query('show server_version');
    return { databaseUrl, slug: slugRows[0].slug, postgres: versionRows[0].server_version };
  } finally {
    await probe.end();
  }
}

/**
 * The built server the benchmarks start: dist/apps/server/main.js, or `BENCH_SERVER_MAIN` (a copy of
 * dist/apps/server kept aside, e.g. under node_modules/.cache so it finds the packages, to compare
 * two builds or to keep measuring one while the working tree is rebuilt).
 */
export const serverMain = process.env.BENCH_SERVER_MAIN ?? join(root, 'dist/apps/server/main.js');

/** Node options for our server: the server's own, then `BENCH_NODE_FLAGS` (space-separated; to try one before it goes into SERVER_NODE_FLAGS). */
export const benchNodeFlags = [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];

/**
 * Starts the built server (`serverMain`) on `port` against `databaseUrl` as production runs it (the
 * server's Node options and environment, no demo seed, no web app, warnings only); `env` adds or overrides variables,
 * `nodeFlags` replaces the Node options.
 */
export function startOurServer({ port, databaseUrl, dataDir, env = {}, nodeFlags = benchNodeFlags }) {
  return spawn(process.execPath, [...nodeFlags, serverMain], {
    env: {
      ...SERVER_ENV,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JWT_SECRET: randomBytes(48).toString('base64'),
      MEDIA_DIR: join(dataDir, 'media'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once `url` answers 2xx; fails when `child` exits first or after two minutes. */
export async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}
