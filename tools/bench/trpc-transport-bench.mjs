// tRPC transport benchmark: the same build of our server started twice on the same PostgreSQL
// database, once with TRPC_TRANSPORT=custom (libs/server/http/src/trpc-http.ts's own JSON path) and
// once with TRPC_TRANSPORT=official (tRPC's fastifyTRPCPlugin), loaded in turn with autocannon on
// the hot tRPC calls. Runs are interleaved (each round loads custom then official, the next round
// official then custom), so drift in the machine's load falls on both alike. Per case it prints
// each transport's req/s (median of the rounds), p50/p95/p99 (over every response of every
// round), the server's CPU time per request, and custom/official (ratio of the medians, and the
// median of each round's paired ratio); writes tools/bench/results/trpc-transport-<N>.json.
//
//   npm run bench:trpc -- --cars 10000          (default 10000; seeds dealership_bench_<N> as `npm run bench` does)
//
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432), BENCH_SECONDS (per
// measured run, default 10), BENCH_CONNECTIONS (default 20), BENCH_WARMUP_SECONDS (default 3),
// BENCH_ROUNDS (default 3), BENCH_SKIP_BUILD=1 (use dist/apps/server as it is).
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchSettings, buildServer, median, parseCarsArg, percentile, prepareBenchDatabase, root, round, startOurServer, waitFor } from './bench-support.mjs';
import { freePort, stopChild } from '../scripts/processes.mjs';

const { duration, connections, warmupSeconds } = benchSettings;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const TRANSPORTS = ['custom', 'official'];

const carCount = parseCarsArg(process.argv.slice(2));

/** CPU time (user + system, ms) the process has used so far, from /proc. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** One autocannon run; latencies kept per response (autocannon's own p95 is p97.5). */
function load(url, seconds, latencies) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, timeout: 30 }, (error, result) => (error ? reject(error) : resolve(result))).on(
      'response',
      (_client, _status, _bytes, responseTime) => latencies?.push(responseTime),
    );
  });
}

buildServer();
const { databaseUrl, slug, postgres } = await prepareBenchDatabase(carCount);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-trpc-'));
const servers = {};
for (const transport of TRANSPORTS) {
  const port = await freePort();
  const child = startOurServer({ port, databaseUrl, dataDir: join(dataDir, transport), env: { TRPC_TRANSPORT: transport } });
  servers[transport] = { port, child };
}
const stopAll = () => Promise.all(Object.values(servers).map((s) => stopChild(s.child)));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopAll().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

const input = (value) => encodeURIComponent(JSON.stringify(value));
const cases = [
  { id: 'by-slug', name: 'car.bySlug', path: `/trpc/car.bySlug?input=${input({ slug })}` },
  { id: 'list', name: 'car.list, no filter', path: `/trpc/car.list?input=${input({ pageSize: 12 })}` },
  {
    id: 'list-brand-price',
    name: 'car.list, brand + price',
    path: `/trpc/car.list?input=${input({ brands: ['toyota'], priceMin: 1_000_000, priceMax: 5_000_000, pageSize: 12 })}`,
  },
  { id: 'latest', name: 'car.latest', path: '/trpc/car.latest' },
  {
    id: 'batch',
    name: 'batch: car.bySlug, car.featured, brand.list, setting.current',
    path: `/trpc/car.bySlug,car.featured,brand.list,setting.current?batch=1&input=${input({ 0: { slug } })}`,
  },
];

const results = [];
try {
  for (const { port, child } of Object.values(servers)) await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  // Both answer the same bytes: a transport that differed would not be a fair comparison.
  for (const c of cases) {
    const [a, b] = await Promise.all(
      TRANSPORTS.map((t) => fetch(`http://127.0.0.1:${servers[t].port}${c.path}`).then(async (r) => `${r.status} ${await r.text()}`)),
    );
    if (a !== b) throw new Error(`${c.name}: the transports answer differently:\n custom   ${a.slice(0, 300)}\n official ${b.slice(0, 300)}`);
    if (!a.startsWith('200 ')) throw new Error(`${c.name}: ${a.slice(0, 300)}`);
  }
  console.log(
    `\n${carCount} cars, ${connections} connections, ${rounds} rounds of ${duration} s per transport and case (warm-up ${warmupSeconds} s each), PostgreSQL ${postgres}, Node ${process.version}, load average ${loadavg()[0].toFixed(2)}\n`,
  );
  for (const c of cases) {
    const row = { id: c.id, case: c.name, loadAvgBefore: round(loadavg()[0], 2), runs: [] };
    const latencies = Object.fromEntries(TRANSPORTS.map((t) => [t, []]));
    for (const t of TRANSPORTS) await load(`http://127.0.0.1:${servers[t].port}${c.path}`, warmupSeconds);
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? TRANSPORTS : [...TRANSPORTS].reverse();
      for (const t of order) {
        const { port, child } = servers[t];
        const loadBefore = loadavg()[0];
        const cpuBefore = cpuMs(child.pid);
        const result = await load(`http://127.0.0.1:${port}${c.path}`, duration, latencies[t]);
        const cpu = cpuMs(child.pid) - cpuBefore;
        const run = {
          round: r + 1,
          transport: t,
          rps: round(result.requests.average),
          requests: result.requests.total,
          cpuUsPerRequest: round((cpu * 1000) / Math.max(1, result.requests.total), 0),
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          loadAvg: round(loadBefore, 2),
        };
        row.runs.push(run);
        console.log(
          `  ${c.name.padEnd(30).slice(0, 30)} round ${r + 1} ${t.padEnd(8)} ${String(run.rps).padStart(8)} req/s  ${String(run.cpuUsPerRequest).padStart(5)} us CPU/req  load ${run.loadAvg}`,
        );
        if (run.non2xx || run.errors || run.timeouts) row.error = `${t}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts`;
      }
    }
    for (const t of TRANSPORTS) {
      const runs = row.runs.filter((run) => run.transport === t);
      const sorted = latencies[t].sort((a, b) => a - b);
      row[t] = {
        rps: round(median(runs.map((run) => run.rps))),
        rpsPerRound: runs.map((run) => run.rps),
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        cpuUsPerRequest: round(median(runs.map((run) => run.cpuUsPerRequest)), 0),
      };
    }
    const paired = Array.from({ length: rounds }, (_, r) => {
      const [a, b] = TRANSPORTS.map((t) => row.runs.find((run) => run.round === r + 1 && run.transport === t).rps);
      return a / b;
    });
    row.ratio = round(row.custom.rps / row.official.rps, 2);
    row.pairedRatioMedian = round(median(paired), 2);
    row.pairedRatios = paired.map((p) => round(p, 2));
    row.cpuRatio = round(row.custom.cpuUsPerRequest / row.official.cpuUsPerRequest, 2);
    row.loadAvgAfter = round(loadavg()[0], 2);
    results.push(row);
    console.log(
      `${c.name}: custom ${row.custom.rps} req/s (p50/p95/p99 ${row.custom.p50}/${row.custom.p95}/${row.custom.p99} ms, ${row.custom.cpuUsPerRequest} us CPU/req) | official ${row.official.rps} req/s (p50/p95/p99 ${row.official.p50}/${row.official.p95}/${row.official.p99} ms, ${row.official.cpuUsPerRequest} us CPU/req) | custom/official ${row.ratio} (paired ${row.pairedRatios.join(', ')})${row.error ? ` | ERROR ${row.error}` : ''}\n`,
    );
  }
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}

console.table(
  results.map((r) => ({
    case: r.case,
    'custom req/s': r.custom.rps,
    'official req/s': r.official.rps,
    'custom/official': r.ratio,
    'paired median': r.pairedRatioMedian,
    'custom p50/p95/p99': `${r.custom.p50}/${r.custom.p95}/${r.custom.p99}`,
    'official p50/p95/p99': `${r.official.p50}/${r.official.p95}/${r.official.p99}`,
    'CPU us/req custom/official': `${r.custom.cpuUsPerRequest}/${r.official.cpuUsPerRequest}`,
  })),
);

const out = {
  cars: carCount,
  date: new Date().toISOString(),
  command: `npm run bench:trpc -- --cars ${carCount}`,
  machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  loadAvg: {
    min: Math.min(...results.flatMap((r) => r.runs.map((run) => run.loadAvg))),
    max: Math.max(...results.flatMap((r) => r.runs.map((run) => run.loadAvg))),
  },
  postgres: postgres,
  connections,
  seconds: duration,
  warmupSeconds,
  rounds,
  slug,
  cases: results,
};
mkdirSync(join(root, 'tools/bench/results'), { recursive: true });
const file = join(root, `tools/bench/results/trpc-transport-${carCount}.json`);
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`\nwrote ${file.slice(root.length + 1)}`);
if (results.some((r) => r.error)) process.exitCode = 1;
