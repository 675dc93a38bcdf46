// Catalogue throughput: our server (Nest on Fastify, tRPC and REST) against a bare node:http + pg
// server, both on the same PostgreSQL database, loaded with autocannon from this process.
// Goal: ours >= 0.6x the bare server. Run: `npm run bench` (needs PostgreSQL, default
// postgres://postgres@127.0.0.1:5432; set BENCH_DATABASE_URL to use another).
import autocannon from 'autocannon';
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const dbName = 'dealership_bench';

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(url, child) {
  for (let i = 0; i < 300; i++) {
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

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const stop = (child) => new Promise((resolve) => {
  if (child.exitCode !== null) return resolve();
  child.once('exit', resolve);
  child.kill('SIGTERM');
});

if (spawnSync('node', [join(root, 'tools/build/build-server.mjs')], { stdio: 'inherit' }).status !== 0) process.exit(1);
await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin(`CREATE DATABASE ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));

const ours = spawn('node', [join(root, 'dist/apps/server/main.js')], {
  env: { ...process.env, PORT: '3901', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JWT_SECRET: randomBytes(48).toString('base64'), MEDIA_DIR: join(dataDir, 'media'), LOG_LEVEL: 'warn', NODE_ENV: 'production', ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password', WEB_DIST_DIR: join(dataDir, 'no-web') },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const bare = fork(join(root, 'tools/bench/baseline-server.mjs'), { env: { ...process.env, PORT: '3902', DATABASE_URL: databaseUrl }, stdio: 'inherit' });

try {
  await waitFor('http://127.0.0.1:3901/api/health', ours);
  await waitFor('http://127.0.0.1:3902/cars', bare);
  const slug = (await (await fetch('http://127.0.0.1:3901/api/car/getAll-car')).json()).cars[5].slug;
  const listInput = encodeURIComponent(JSON.stringify({ pageSize: 12 }));
  const cases = [
    { name: 'car list, page of 12 (tRPC car.list)', ours: `http://127.0.0.1:3901/trpc/car.list?input=${listInput}`, bare: 'http://127.0.0.1:3902/cars' },
    { name: 'car by slug (REST getCarById-car)', ours: `http://127.0.0.1:3901/api/car/getCarById-car/${slug}`, bare: `http://127.0.0.1:3902/car/${slug}` },
  ];
  console.log(`\n${connections} connections, ${duration} s per run, PostgreSQL at ${url.host}\n`);
  const rows = [];
  for (const c of cases) {
    await load(c.ours); // warm-up run of the same length is overkill; one short pass is enough
    const bareResult = await load(c.bare);
    const oursResult = await load(c.ours);
    if (oursResult.non2xx || bareResult.non2xx) throw new Error(`non-2xx answers in ${c.name}`);
    rows.push({
      case: c.name,
      'bare req/s': Math.round(bareResult.requests.average),
      'ours req/s': Math.round(oursResult.requests.average),
      ratio: (oursResult.requests.average / bareResult.requests.average).toFixed(2),
      'ours p99 ms': oursResult.latency.p99,
    });
  }
  console.table(rows);
  const worst = Math.min(...rows.map((r) => Number(r.ratio)));
  console.log(`\nworst ratio ${worst.toFixed(2)} (goal >= 0.60): ${worst >= 0.6 ? 'met' : 'NOT met'}`);
} finally {
  await Promise.all([stop(ours), stop(bare)]);
  rmSync(dataDir, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
