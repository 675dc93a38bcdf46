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
// BENCH_OURS_PORT and BENCH_BARE_PORT (default: free ports picked at start),
// BENCH_METRICS=1 (a variant of ours with METRICS_TOKEN set, which registers GET /metrics and the
// per-request histograms; /metrics is scraped after each of its runs, as Prometheus would) or
// BENCH_VARIANT_FLAGS (a variant with these Node options added, e.g. "--heap-growing-percent=30"):
// the variant is started beside ours and loaded in every case right before or after it (they take
// turns going first), so both meet the same machine; writes bench-<N>-metrics.json or
// bench-<N>-variant.json (the tables' file stays) with each case's variant / ours req/s.
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchNodeFlags, benchSettings, buildServer, parseCarsArg, prepareBenchDatabase, root, round, startOurServer, waitFor } from './bench-support.mjs';
import { BENCH_METRICS_TOKEN, catalogueCases, load, scrapeMetrics } from './catalogue-load.mjs';
import { freePort, stopChild } from '../scripts/processes.mjs';

const { duration, connections, warmupSeconds } = benchSettings;
const OURS_PORT = Number(process.env.BENCH_OURS_PORT ?? (await freePort()));
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? (await freePort()));
const carCount = parseCarsArg(process.argv.slice(2));
const withMetrics = process.env.BENCH_METRICS === '1';
const variantFlags = process.env.BENCH_VARIANT_FLAGS?.split(' ').filter(Boolean) ?? [];
const variantName = withMetrics ? 'metrics on' : variantFlags.length ? variantFlags.join(' ') : undefined;
const VARIANT_PORT = variantName ? await freePort() : undefined;

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
// The same build with METRICS_TOKEN set or more Node options: what they cost per request.
const variant = variantName
  ? startOurServer({
      port: VARIANT_PORT,
      databaseUrl,
      dataDir: join(dataDir, 'variant'),
      env: { DATABASE_POOL_SIZE: String(POOL_SIZE), ...(withMetrics ? { METRICS_TOKEN: BENCH_METRICS_TOKEN } : {}) },
      nodeFlags: [...benchNodeFlags, ...variantFlags],
    })
  : undefined;
const servers = [ours, variant].filter(Boolean);
const bare = fork(join(root, 'tools/bench/baseline-server.mjs'), [databaseUrl, String(BARE_PORT), String(POOL_SIZE)], { stdio: 'inherit' });

// Ctrl-C or a kill stops both servers and removes the temporary folder before leaving.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    Promise.all([...servers, bare].map((child) => stopChild(child))).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

const cases = catalogueCases({ oursPort: OURS_PORT, barePort: BARE_PORT, slug, connections });
/** A case's URL on the variant. */
const onVariant = (url) => url.replace(`//127.0.0.1:${OURS_PORT}/`, `//127.0.0.1:${VARIANT_PORT}/`);

const results = [];
let oursAlive = true;
try {
  await waitFor(`http://127.0.0.1:${OURS_PORT}/api/health`, ours);
  if (variant) await waitFor(`http://127.0.0.1:${VARIANT_PORT}/api/health`, variant);
  await waitFor(`http://127.0.0.1:${BARE_PORT}/health`, bare);
  console.log(
    `\n${carCount} cars, ${connections} connections, ${duration} s per run (warm-up ${warmupSeconds} s each), PostgreSQL ${postgres} at ${new URL(databaseUrl).host}\n`,
  );
  const { only } = benchSettings;
  for (const [index, c] of (only ? cases.filter((c) => only.includes(c.id)) : cases).entries()) {
    const row = { id: c.id, case: c.name, loadAvgBefore: round(loadavg()[0], 2) };
    try {
      if (!oursAlive) throw new Error('our server is no longer running');
      const measure = c.load ?? { connections, duration };
      const warm = c.warmup ?? { connections, duration: warmupSeconds };
      // The same warm-up pass for both servers, then the measured runs.
      if (c.bare) await load(c.bare, warm);
      await load(c.ours, warm);
      if (variant) await load(onVariant(c.ours), warm);
      if (c.bare) row.bare = await load(c.bare, measure);
      const measureOurs = async () => {
        const measured = await withPeakRss(ours.pid, () => load(c.ours, measure));
        row.ours = measured.result;
        if (c.rss) row.oursPeakRssMb = measured.peakRssMb;
        if (c.after) row.note = await c.after(c.ours);
      };
      const measureVariant = async () => {
        const measured = await withPeakRss(variant.pid, () => load(onVariant(c.ours), measure));
        row.variant = measured.result;
        if (c.rss) row.variantPeakRssMb = measured.peakRssMb;
        if (c.after) await c.after(onVariant(c.ours));
        if (withMetrics) row.metricsScrape = await scrapeMetrics(VARIANT_PORT);
      };
      // With a variant, the two take turns going first (the machine's other work drifts).
      const order = !variant ? [measureOurs] : index % 2 === 1 ? [measureVariant, measureOurs] : [measureOurs, measureVariant];
      for (const measureOne of order) await measureOne();
      for (const server of servers) {
        if (server.exitCode !== null || server.signalCode !== null) {
          oursAlive = false;
          row.error = `our server died during the run (exit ${server.exitCode ?? server.signalCode})`;
        }
      }
      row.ratio = row.bare?.rps ? Math.round((row.ours.rps / row.bare.rps) * 100) / 100 : null;
      if (row.variant) row.variantRatio = Math.round((row.variant.rps / row.ours.rps) * 100) / 100;
      const bad = ['ours', 'variant', 'bare']
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
      `${c.name.padEnd(28)} ours ${String(o?.rps ?? '-').padStart(8)} req/s p50/p95/p99 ${o ? `${o.p50}/${o.p95}/${o.p99}` : '-'} ms | bare ${String(b?.rps ?? '-').padStart(8)} req/s p50/p95/p99 ${b ? `${b.p50}/${b.p95}/${b.p99}` : '-'} ms | ratio ${row.ratio ?? '-'}${row.variant ? ` | ${variantName} ${row.variant.rps} req/s (x${row.variantRatio})` : ''}${row.oursPeakRssMb ? ` | ours peak RSS ${row.oursPeakRssMb} MB, response ${(o.bodyBytes / 1e6).toFixed(1)} MB` : ''}${row.note ? ` | ${row.note}` : ''}${row.error ? ` | ERROR ${row.error}` : ''}`,
    );
  }
} finally {
  await Promise.all([...servers, bare].map((child) => stopChild(child)));
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
    ...(variant ? { [`${variantName} req/s`]: r.variant?.rps, 'variant / ours': r.variantRatio } : {}),
    error: r.error ?? '',
  })),
);
const listRatios = results.filter((r) => r.id.startsWith('list') && r.ratio !== null && r.ratio !== undefined).map((r) => r.ratio);
if (listRatios.length) console.log(`car.list worst ratio ${Math.min(...listRatios).toFixed(2)} (goal >= 0.60)`);
const variantRatios = results.filter((r) => r.variantRatio !== undefined).map((r) => r.variantRatio);
if (variantRatios.length) console.log(`${variantName} / ours req/s: ${Math.min(...variantRatios).toFixed(2)}-${Math.max(...variantRatios).toFixed(2)}`);

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
  getAll: { connections: cases.find((c) => c.id === 'get-all').load.connections, requests: cases.find((c) => c.id === 'get-all').load.amount },
  ...(variant
    ? {
        variant: {
          name: variantName,
          metricsToken: withMetrics,
          nodeFlags: variantFlags,
          note: 'loaded beside ours in every case; variantRatio = its req/s / ours',
        },
      }
    : {}),
  slug,
  cases: results,
};
mkdirSync(join(root, 'tools/bench/results'), { recursive: true });
const file = join(
  root,
  `tools/bench/results/bench-${carCount}${benchSettings.only ? '-only' : ''}${withMetrics ? '-metrics' : variant ? '-variant' : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`\nwrote ${file.slice(root.length + 1)}`);
if (results.some((r) => r.error)) process.exitCode = 1;
