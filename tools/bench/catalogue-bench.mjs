// Catalogue benchmark: our built server (Nest on Fastify, tRPC and REST) against a bare node:http +
// pg server (baseline-server.mjs, hand-written SQL), both on the same PostgreSQL database with N
// generated cars, in the same run. Every case warms both servers with the same pass, then loads the
// bare server and ours with autocannon; prints req/s, p50/p95/p99 and ours/bare per case and writes
// tools/bench/results/bench-<N>.json (docs/speed.md's tables: `node tools/bench/report.mjs`).
//
//   npm run bench -- --cars 10000        (or 100000; default 10000)
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server, default postgres://postgres@127.0.0.1:5432;
// the database used is dealership_bench_<N>, seeded once and reused while it holds N cars),
// BENCH_SECONDS (per measured run, default 10), BENCH_CONNECTIONS (default 20),
// BENCH_WARMUP_SECONDS (default 3), BENCH_SKIP_BUILD=1 (use dist/apps/server as it is),
// BENCH_ONLY (comma-separated case ids, e.g. list-body-fuel-year-price,list: only those run, and the
// results go to bench-<cars>-only.json so the full run's file stays),
// BENCH_OURS_PORT and BENCH_BARE_PORT (default: free ports picked at start).
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchSettings, buildServer, parseCarsArg, percentile, prepareBenchDatabase, root, round, startOurServer, waitFor } from './bench-support.mjs';
import { freePort, stopChild } from '../scripts/processes.mjs';

const { duration, connections, warmupSeconds } = benchSettings;
const OURS_PORT = Number(process.env.BENCH_OURS_PORT ?? (await freePort()));
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? (await freePort()));
const carCount = parseCarsArg(process.argv.slice(2));

/** One autocannon run; latencies recorded per response so p95 is exact (autocannon reports p97.5). */
function load(url, { connections: c, duration: d, amount }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let bytes = 0;
    const options = { url, connections: c, timeout: 120, ...(amount ? { amount } : { duration: d }) };
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({
        rps: (() => {
          const rps = amount ? result.requests.total / (result.duration || 1) : result.requests.average;
          return round(rps, rps < 10 ? 3 : 1);
        })(),
        requests: result.requests.total,
        seconds: round(result.duration, 2),
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        // Bytes per response as autocannon counts them (headers included).
        bodyBytes: latencies.length ? Math.round(bytes / latencies.length) : 0,
      });
    });
    instance.on('response', (_client, _status, resBytes, responseTime) => {
      latencies.push(responseTime);
      bytes += resBytes;
    });
  });
}

/** Peak VmRSS (MB) of `pid` while `task` runs, sampled every 50 ms from /proc. */
async function withPeakRss(pid, task) {
  let peak = 0;
  const sample = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      peak = Math.max(peak, kb);
    } catch {
      // process gone
    }
  };
  sample();
  const timer = setInterval(sample, 50);
  try {
    const result = await task();
    return { result, peakRssMb: Math.round(peak / 1024) };
  } finally {
    clearInterval(timer);
  }
}

buildServer();
const { databaseUrl, slug, postgres } = await prepareBenchDatabase(carCount);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
// Both servers with the same pool: the size is our server's default (DATABASE_POOL_SIZE, 10).
const POOL_SIZE = 10;
const ours = startOurServer({ port: OURS_PORT, databaseUrl, dataDir, env: { DATABASE_POOL_SIZE: String(POOL_SIZE) } });
const bare = fork(join(root, 'tools/bench/baseline-server.mjs'), [databaseUrl, String(BARE_PORT), String(POOL_SIZE)], { stdio: 'inherit' });

// Ctrl-C or a kill stops both servers and removes the temporary folder before leaving.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    Promise.all([stopChild(ours), stopChild(bare)]).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

const trpc = (procedure, input) => `http://127.0.0.1:${OURS_PORT}/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`;
const bareUrl = (path) => `http://127.0.0.1:${BARE_PORT}${path}`;
const priceMin = 1_000_000;
const priceMax = 5_000_000;
const allConnections = Math.max(1, Math.min(4, connections));
const allAmount = allConnections * 5;
const cases = [
  { id: 'list', name: 'car.list, no filter', ours: trpc('car.list', { pageSize: 12 }), bare: bareUrl('/cars') },
  {
    id: 'list-brand-price',
    name: 'car.list, brand + price',
    ours: trpc('car.list', { brands: ['toyota'], priceMin, priceMax, pageSize: 12 }),
    bare: bareUrl(`/cars?brand=toyota&priceMin=${priceMin}&priceMax=${priceMax}`),
  },
  // The buyer's panel (issue 30): the hidden filters, alone and combined, under each sort.
  ...[
    { id: 'list-body-fuel-year-price', name: 'car.list, SUV + Diesel + 2018+ + price, by price', input: { bodyType: 'SUV', fuelType: 'Diesel', yearMin: 2018, priceMin, priceMax, sort: 'price_asc' } },
    { id: 'list-condition-transmission', name: 'car.list, Foreign Used + Manual, newest', input: { condition: 'Foreign Used', transmission: 'Manual' } },
    { id: 'list-mileage-year', name: 'car.list, up to 50,000 km + 2015-2020, by mileage', input: { mileageMax: 50_000, yearMin: 2015, yearMax: 2020, sort: 'mileage_asc' } },
    { id: 'list-rare-combination', name: 'car.list, Coupe + Manual + New, by year', input: { bodyType: 'Coupe', transmission: 'Manual', condition: 'New', sort: 'year_desc' } },
    { id: 'list-sort-price-desc', name: 'car.list, no filter, price high to low', input: { sort: 'price_desc' } },
  ].map(({ id, name, input }) => ({
    id,
    name,
    ours: trpc('car.list', { ...input, pageSize: 12 }),
    bare: bareUrl(`/cars?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`),
  })),
  { id: 'list-search', name: "car.list, search 'prado'", ours: trpc('car.list', { search: 'prado', pageSize: 12 }), bare: bareUrl('/cars?search=prado') },
  { id: 'by-slug-trpc', name: 'car.bySlug (tRPC)', ours: trpc('car.bySlug', { slug }), bare: bareUrl(`/trpc-car/${slug}`) },
  { id: 'by-slug-rest', name: 'REST getCarById-car', ours: `http://127.0.0.1:${OURS_PORT}/api/car/getCarById-car/${slug}`, bare: bareUrl(`/car/${slug}`) },
  { id: 'latest', name: 'car.latest', ours: trpc('car.latest'), bare: bareUrl('/latest') },
  {
    id: 'get-all',
    name: 'GET /api/car/getAll-car',
    ours: `http://127.0.0.1:${OURS_PORT}/api/car/getAll-car`,
    bare: bareUrl('/getAll-car'),
    // The whole catalogue per request: a fixed number of requests over few connections.
    load: { connections: allConnections, amount: allAmount },
    warmup: { connections: 1, amount: 2 },
    rss: true,
  },
  {
    // The issue's memory goal: 20 requests at once against our server alone (the bare server
    // builds every body as one string and runs out of heap at 100,000 cars), then a repeat with
    // the ETag, which must be answered 304.
    id: 'get-all-20',
    name: 'getAll-car, 20 at once (ours)',
    ours: `http://127.0.0.1:${OURS_PORT}/api/car/getAll-car`,
    bare: null,
    load: { connections: 20, amount: 20 },
    warmup: { connections: 1, amount: 1 },
    rss: true,
    after: async (url) => {
      const first = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      await first.arrayBuffer();
      const etag = first.headers.get('etag');
      const repeat = await fetch(url, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag ?? '' } });
      await repeat.arrayBuffer();
      return `repeat with If-None-Match: ${repeat.status}`;
    },
  },
];

const results = [];
let oursAlive = true;
try {
  await waitFor(`http://127.0.0.1:${OURS_PORT}/api/health`, ours);
  await waitFor(bareUrl('/health'), bare);
  console.log(
    `\n${carCount} cars, ${connections} connections, ${duration} s per run (warm-up ${warmupSeconds} s each), PostgreSQL ${postgres} at ${new URL(databaseUrl).host}\n`,
  );
  const { only } = benchSettings;
  for (const c of only ? cases.filter((c) => only.includes(c.id)) : cases) {
    const row = { id: c.id, case: c.name, loadAvgBefore: round(loadavg()[0], 2) };
    try {
      if (!oursAlive) throw new Error('our server is no longer running');
      const measure = c.load ?? { connections, duration };
      const warm = c.warmup ?? { connections, duration: warmupSeconds };
      // The same warm-up pass for both servers, then the measured runs.
      if (c.bare) await load(c.bare, warm);
      await load(c.ours, warm);
      if (c.bare) row.bare = await load(c.bare, measure);
      const measured = await withPeakRss(ours.pid, () => load(c.ours, measure));
      row.ours = measured.result;
      if (c.rss) row.oursPeakRssMb = measured.peakRssMb;
      if (c.after) row.note = await c.after(c.ours);
      if (ours.exitCode !== null || ours.signalCode !== null) {
        oursAlive = false;
        row.error = `our server died during the run (exit ${ours.exitCode ?? ours.signalCode})`;
      }
      row.ratio = row.bare?.rps ? Math.round((row.ours.rps / row.bare.rps) * 100) / 100 : null;
      const bad = ['ours', 'bare']
        .filter((k) => row[k] && (row[k].non2xx || row[k].errors || row[k].timeouts))
        .map((k) => `${k}: ${row[k].non2xx} non-2xx, ${row[k].errors} errors, ${row[k].timeouts} timeouts`);
      if (bad.length) row.error = [row.error, ...bad].filter(Boolean).join('; ');
    } catch (error) {
      row.error = error.message;
    }
    row.loadAvgAfter = round(loadavg()[0], 2);
    results.push(row);
    const o = row.ours;
    const b = row.bare;
    console.log(
      `${c.name.padEnd(28)} ours ${String(o?.rps ?? '-').padStart(8)} req/s p50/p95/p99 ${o ? `${o.p50}/${o.p95}/${o.p99}` : '-'} ms | bare ${String(b?.rps ?? '-').padStart(8)} req/s p50/p95/p99 ${b ? `${b.p50}/${b.p95}/${b.p99}` : '-'} ms | ratio ${row.ratio ?? '-'}${row.oursPeakRssMb ? ` | ours peak RSS ${row.oursPeakRssMb} MB, response ${(o.bodyBytes / 1e6).toFixed(1)} MB` : ''}${row.note ? ` | ${row.note}` : ''}${row.error ? ` | ERROR ${row.error}` : ''}`,
    );
  }
} finally {
  await Promise.all([stopChild(ours), stopChild(bare)]);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('');
console.table(
  results.map((r) => ({
    case: r.case,
    'ours req/s': r.ours?.rps,
    'bare req/s': r.bare?.rps,
    ratio: r.ratio,
    'ours p50': r.ours?.p50,
    'ours p95': r.ours?.p95,
    'ours p99': r.ours?.p99,
    'bare p95': r.bare?.p95,
    error: r.error ?? '',
  })),
);
const listRatios = results.filter((r) => r.id.startsWith('list') && r.ratio !== null && r.ratio !== undefined).map((r) => r.ratio);
if (listRatios.length) console.log(`car.list worst ratio ${Math.min(...listRatios).toFixed(2)} (goal >= 0.60)`);

const out = {
  cars: carCount,
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  // 1-minute load average around the runs: other work on the machine skews the figures.
  loadAvg: {
    min: Math.min(...results.flatMap((r) => [r.loadAvgBefore, r.loadAvgAfter])),
    max: Math.max(...results.flatMap((r) => [r.loadAvgBefore, r.loadAvgAfter])),
  },
  postgres: postgres,
  connections,
  seconds: duration,
  warmupSeconds,
  getAll: { connections: allConnections, requests: allAmount },
  slug,
  cases: results,
};
mkdirSync(join(root, 'tools/bench/results'), { recursive: true });
const file = join(root, `tools/bench/results/bench-${carCount}${benchSettings.only ? '-only' : ''}.json`);
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`\nwrote ${file.slice(root.length + 1)}`);
if (results.some((r) => r.error)) process.exitCode = 1;
