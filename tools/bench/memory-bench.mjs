// Memory benchmark: the RSS of our built server, started as production starts it (the server's Node
// options, bench-support's startOurServer), in the cases issue 25 sets goals for:
//
//   1. GET /api/car/getAll-car, 20 at once, at N cars on PostgreSQL (the bench database
//      dealership_bench_<N>, seeded once and reused): peak RSS from a fresh start, the export built
//      by the burst itself; once with clients that ask for no compression (the server gunzips per
//      request, as autocannon's requests get), once with gzip.
//   2. Idle on the embedded database (PGlite, a fresh DATA_DIR with the demo catalogue) after the
//      public pages (/, /cars, /car/{slug}, /brands, /brand/{slug}, /about, server-rendered), once
//      the server's idle trim has run; then again after the pictures those pages show. With where
//      the RSS goes: V8's heap, PGlite's WebAssembly memory, the rest.
//   3. The same on PostgreSQL (a fresh database with the demo catalogue).
//   4. PGlite's floor: a bare Node process opening the embedded run's data folder, with PGlite's
//      default page cache and with the server's.
//   5. Warm: the same burst in a server that has served traffic first, as operators meet it (the
//      web app served too, as `npm start` serves it): the catalogue bench's load on our server alone (catalogue-load.mjs: every case, its warm-up and
//      its timed run, the exports included), the whole sitemap, then at once getAll-car x20; once
//      without METRICS_TOKEN and once with it (GET /metrics scraped after each case, as Prometheus
//      would). Peak RSS with where it went at the top (V8's heap, external memory, the rest), and
//      before the burst.
//
//   npm run bench:memory [-- --cars 100000]      (default 100000)
//
// Environment: BENCH_DATABASE_URL (the PostgreSQL server, default postgres://postgres@127.0.0.1:5432),
// BENCH_SKIP_BUILD=1 (use dist/apps as they are), BENCH_IDLE_SECONDS (how long to wait after the
// last request before reading the idle RSS, default 15: the server trims 10 s after it),
// BENCH_MEMORY_CASES (comma-separated: getall, warm, idle; default all three), and for the warm
// case the catalogue bench's BENCH_SECONDS, BENCH_WARMUP_SECONDS and BENCH_CONNECTIONS, and
// BENCH_WARM_METRICS (off,on: which servers to warm; default both), BENCH_ONLY (the catalogue
// cases to load it with, as the catalogue bench takes them; default all). Writes
// tools/bench/results/memory-<N>.json, or memory-<N>-<cases>.json when only some cases run.
// Linux only (/proc).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { benchNodeFlags, benchSettings, parseCarsArg, prepareBenchDatabase, root, round, serverMain, startOurServer, waitFor } from './bench-support.mjs';
import { BENCH_METRICS_TOKEN, catalogueCases, load, scrapeMetrics } from './catalogue-load.mjs';
import { withDatabase } from './seed-catalogue.mjs';
import { buildServerAndWeb, freePort, SERVER_ENV, stopChild } from '../scripts/processes.mjs';

const argv = process.argv.slice(2);
const carCount = argv.length ? parseCarsArg(argv) : 100_000;
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
// BENCH_MEMORY_CASES=getall, =warm or =idle runs only those (the floor comes with idle).
const ALL_CASES = 'getall,warm,idle';
const cases = new Set((process.env.BENCH_MEMORY_CASES ?? ALL_CASES).split(','));
const warmMetrics = (process.env.BENCH_WARM_METRICS ?? 'off,on').split(',');
const webDistDir = join(root, 'dist/apps/web');
const reportPreload = join(root, 'tools/bench/memory-report.cjs');
const MB = 2 ** 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.env.BENCH_SKIP_BUILD !== '1') buildServerAndWeb(root, 'bench:memory');
for (const file of [serverMain, 'dist/apps/web/index.html', 'dist/apps/web-ssr/entry-server.mjs']) {
  if (!existsSync(resolve(root, file))) {
    console.error(`bench:memory: ${file} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}

const procStatus = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const rssMb = (pid) => procStatus(pid, 'VmRSS');

/**
 * Peak RSS (MB) of `pid` while `task` runs: the kernel's high-water mark, reset first (clear_refs
 * 5), so nothing is missed between samples; sampled every 20 ms where the reset is not allowed.
 */
async function peakRssWhile(pid, task) {
  let sampled = 0;
  let reset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    reset = false;
  }
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, rssMb(pid));
    } catch {
      // the process is gone
    }
  }, 20);
  try {
    const result = await task();
    return { result, peakRssMb: Math.round(reset ? Math.max(procStatus(pid, 'VmHWM'), sampled) : sampled) };
  } finally {
    clearInterval(timer);
  }
}

/** GET `path`, the body read and dropped: status, bytes and milliseconds. */
const get = (port, path, headers = {}) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, ms: performance.now() - started, headers: res.headers }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });

/** GET `path` and return its body as text. */
const getText = async (port, path) => (await fetch(`http://127.0.0.1:${port}${path}`)).text();

/** The server's own view of its memory (memory-report.cjs), in MB. */
async function memoryReport(child, file) {
  const { usage, spaces } = await readMemoryReport(child, file);
  return memoryInMb(usage, spaces);
}

/** Asks the server for its memory report (memory-report.cjs) and reads it as written. */
async function readMemoryReport(child, file) {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(file); i++) await sleep(50);
  await sleep(50);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** `process.memoryUsage()` and V8's spaces in MB. */
function memoryInMb(usage, spaces) {
  const mb = (bytes) => round(bytes / MB);
  return {
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    newSpace: mb(spaces.new_space?.size ?? 0),
    oldSpace: mb(spaces.old_space?.size ?? 0),
    largeObjectSpace: mb(spaces.large_object_space?.size ?? 0),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    // PGlite's WebAssembly memory is external to the heap and no ArrayBuffer of ours: its size.
    wasmMemory: mb(usage.external - usage.arrayBuffers),
    // What neither V8's heap nor external memory counts: the node binary, malloc (zlib's and
    // OpenSSL's state, the sockets' buffers), thread stacks.
    rest: usage.rss ? mb(usage.rss - usage.heapTotal - usage.external) : undefined,
  };
}

/**
 * RSS by kind of mapping (MB), from /proc/<pid>/smaps: the node binary's code; PGlite's WebAssembly
 * memory (the read-write anonymous mapping of about its size, `wasmMb`; resident part only); small
 * anonymous mappings (V8's heap pages, among others); larger ones (malloc's arenas, thread stacks);
 * malloc's main heap; other files.
 */
function rssByMapping(pid, wasmMb) {
  const groups = { nodeBinary: 0, wasmMemoryResident: 0, smallAnonymous: 0, largeAnonymous: 0, mallocHeap: 0, otherFiles: 0 };
  let current = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = { sizeMb: (parseInt(head[2], 16) - parseInt(head[1], 16)) / MB, perms: head[3], name: head[4] };
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss || !current) continue;
    const mb = Number(rss[1]) / 1024;
    // external - arrayBuffers counts a few MB of other external memory besides the WebAssembly memory.
    const wasm = wasmMb >= 64 && current.name === '' && current.perms.startsWith('rw') && current.sizeMb >= wasmMb - 8 && current.sizeMb <= wasmMb + 1;
    if (current.name.endsWith('/node')) groups.nodeBinary += mb;
    else if (current.name === '[heap]') groups.mallocHeap += mb;
    else if (wasm) groups.wasmMemoryResident += mb;
    else if (current.name === '') groups[current.sizeMb < 1 ? 'smallAnonymous' : 'largeAnonymous'] += mb;
    else groups.otherFiles += mb;
  }
  return Object.fromEntries(Object.entries(groups).map(([key, value]) => [key, round(value)]));
}

/** Slugs of a listed car and a brand, for the detail pages. */
async function pageSlugs(port) {
  const list = await (await fetch(`http://127.0.0.1:${port}/trpc/car.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 1 }))}`)).json();
  const brands = await (await fetch(`http://127.0.0.1:${port}/api/brand/getAll-brand`)).json();
  return { car: list.result.data.items[0].slug, brand: brands.brands[0].slug };
}

/** The public pages, each asked twice, as server-rendered HTML; returns the first-party pictures they show. */
async function servePages(port) {
  const { car, brand } = await pageSlugs(port);
  const pages = ['/', '/cars', `/car/${car}`, '/brands', `/brand/${brand}`, '/about'];
  const pictures = new Set();
  for (let round = 0; round < 2; round++) {
    for (const page of pages) {
      const html = await getText(port, page);
      if (!html.includes('id="page-state"')) throw new Error(`${page} was not server-rendered`);
      for (const [, url] of html.matchAll(/(?:src|href)="(\/media\/[^"]+)"/g)) pictures.add(url.replaceAll('&amp;', '&'));
      for (const [, set] of html.matchAll(/srcset="([^"]+)"/g)) {
        for (const candidate of set.split(',')) {
          const url = candidate.trim().split(/\s+/)[0].replaceAll('&amp;', '&');
          if (url.startsWith('/media/')) pictures.add(url);
        }
      }
    }
  }
  return { pages, pictures: [...pictures] };
}

/** RSS after `idleSeconds` of quiet, with the breakdown. */
async function idleMemory(child, reportFile) {
  await sleep(idleSeconds * 1000);
  const rss = round(rssMb(child.pid));
  const report = await memoryReport(child, reportFile);
  return { rssMb: rss, ...report, mappings: rssByMapping(child.pid, report.wasmMemory) };
}

/** One server start for the idle cases: pages, idle, pictures, idle. */
async function idleCase({ name, databaseUrl, dataDir }) {
  const port = await freePort();
  const reportFile = join(dataDir, 'memory-report.json');
  const child = startOurServer({
    port,
    databaseUrl,
    dataDir,
    env: { SEED_DEMO: 'true', WEB_DIST_DIR: webDistDir, NODE_OPTIONS: `--require ${reportPreload}`, MEMORY_REPORT_FILE: reportFile },
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, child);
    const readyRssMb = round(rssMb(child.pid));
    const { result: served, peakRssMb } = await peakRssWhile(child.pid, () => servePages(port));
    const afterPages = await idleMemory(child, reportFile);
    for (const picture of served.pictures) {
      const res = await get(port, picture);
      if (res.status !== 200) throw new Error(`${picture} answered ${res.status}`);
    }
    const afterPictures = await idleMemory(child, reportFile);
    const result = {
      name,
      readyRssMb,
      pagesPeakRssMb: peakRssMb,
      pictures: served.pictures.length,
      afterPages,
      afterPictures,
      startPeakRssMb: round(procStatus(child.pid, 'VmHWM')),
    };
    console.log(
      `${name}: ready ${readyRssMb} MB; idle after the pages ${afterPages.rssMb} MB (V8 heap ${afterPages.heapTotal}, WebAssembly memory ${afterPages.mappings.wasmMemoryResident} resident, node binary ${afterPages.mappings.nodeBinary}, malloc ${round(afterPages.mappings.mallocHeap + afterPages.mappings.largeAnonymous)}); after their ${served.pictures.length} pictures ${afterPictures.rssMb} MB`,
    );
    return result;
  } finally {
    await stopChild(child);
  }
}

/** 20 getAll-car at once with `encoding` (identity: no Accept-Encoding): peak RSS, size, times. */
async function getAllBurst(port, child, encoding) {
  const headers = encoding === 'identity' ? {} : { 'accept-encoding': encoding };
  const { result, peakRssMb } = await peakRssWhile(child.pid, () => Promise.all(Array.from({ length: 20 }, () => get(port, '/api/car/getAll-car', headers))));
  if (child.exitCode !== null || child.signalCode !== null) throw new Error(`our server died (${child.exitCode ?? child.signalCode})`);
  const bad = result.filter((res) => res.status !== 200);
  if (bad.length) throw new Error(`${bad.length} of 20 answered ${bad[0].status}`);
  const ms = result.map((res) => res.ms).sort((a, b) => a - b);
  return { peakRssMb, responseMb: round(result[0].bytes / 1e6), firstMs: Math.round(ms[0]), lastMs: Math.round(ms[ms.length - 1]) };
}

/** One server start, then 20 getAll-car at once with `encoding`: peak RSS. */
async function getAllCase({ databaseUrl, encoding }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const child = startOurServer({ port, databaseUrl, dataDir });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, child);
    const idleRssMb = round(rssMb(child.pid));
    const { peakRssMb, ...burst } = await getAllBurst(port, child, encoding);
    const row = { encoding, idleRssMb, peakRssMb, ...burst };
    console.log(
      `getAll-car x20 (${encoding}): peak RSS ${peakRssMb} MB (idle before ${idleRssMb} MB), ${row.responseMb} MB each, all done in ${row.lastMs} ms`,
    );
    return row;
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The sitemap as a crawler reads it: the index, then every file it names. */
async function readSitemap(port) {
  const index = await getText(port, '/sitemap.xml');
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  let bytes = index.length;
  for (const file of files) {
    const res = await get(port, file);
    if (res.status !== 200) throw new Error(`${file} answered ${res.status}`);
    bytes += res.bytes;
  }
  return { files: files.length, mb: round(bytes / 1e6) };
}

/**
 * One server start (METRICS_TOKEN set when `metrics`), the catalogue bench's load on it, the
 * sitemap, then at once getAll-car x20 without compression: RSS at each step and at the burst's
 * top, with the server's own breakdown (memory-report.cjs) there.
 */
async function warmCase({ databaseUrl, slug, metrics }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-warm-'));
  const reportFile = join(dataDir, 'memory-report.json');
  const child = startOurServer({
    port,
    databaseUrl,
    dataDir,
    env: {
      // Serving the web app too, as `npm start` does (its server renderer loads once the server listens).
      WEB_DIST_DIR: webDistDir,
      NODE_OPTIONS: `--require ${reportPreload}`,
      MEMORY_REPORT_FILE: reportFile,
      MEMORY_REPORT_PEAK_MS: '20',
      ...(metrics ? { METRICS_TOKEN: BENCH_METRICS_TOKEN } : {}),
    },
  });
  const name = `warm, metrics ${metrics ? 'on' : 'off'}`;
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, child);
    const readyRssMb = round(rssMb(child.pid));
    const { connections, duration, warmupSeconds } = benchSettings;
    const catalogue = { connections, duration, warmupSeconds, cases: [] };
    let scrape;
    const loaded = await peakRssWhile(child.pid, async () => {
      const { only } = benchSettings;
      for (const c of catalogueCases({ oursPort: port, barePort: 0, slug, connections }).filter((c) => !only || only.includes(c.id))) {
        await load(c.ours, c.warmup ?? { connections, duration: warmupSeconds });
        const run = await load(c.ours, c.load ?? { connections, duration });
        if (c.after) await c.after(c.ours);
        if (run.non2xx || run.errors || run.timeouts) throw new Error(`${c.id}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts`);
        // Where the memory stands after each case: what the load leaves behind, step by step.
        const { usage, spaces } = await readMemoryReport(child, reportFile);
        const memory = memoryInMb(usage, spaces);
        catalogue.cases.push({
          id: c.id,
          rps: run.rps,
          requests: run.requests,
          rssMb: round(usage.rss / MB),
          ...memory,
          mappings: rssByMapping(child.pid, memory.wasmMemory),
        });
        // As Prometheus would, once per case.
        if (metrics) scrape = await scrapeMetrics(port);
      }
    });
    const afterLoadRssMb = round(rssMb(child.pid));
    const sitemap = await peakRssWhile(child.pid, () => readSitemap(port));
    const beforeBurst = await readMemoryReport(child, reportFile);
    const before = { rssMb: round(beforeBurst.usage.rss / MB), ...memoryInMb(beforeBurst.usage, beforeBurst.spaces) };
    before.mappings = rssByMapping(child.pid, before.wasmMemory);
    const burst = await getAllBurst(port, child, 'identity');
    // The reading at the burst's top, sampled in the server every 20 ms (the kernel's high-water mark may sit a little above it).
    const { peak } = await readMemoryReport(child, reportFile);
    const atPeak = peak ? { rssMb: round(peak.usage.rss / MB), ...memoryInMb(peak.usage, peak.spaces) } : undefined;
    const idle = await idleMemory(child, reportFile);
    const result = {
      name,
      metrics,
      readyRssMb,
      load: { ...catalogue, peakRssMb: loaded.peakRssMb, afterRssMb: afterLoadRssMb },
      ...(scrape ? { metricsScrape: scrape } : {}),
      sitemap: { ...sitemap.result, peakRssMb: sitemap.peakRssMb },
      beforeBurst: before,
      burst: { encoding: 'identity', ...burst, atPeak },
      idleAfter: idle,
    };
    console.log(
      `${name}: ready ${readyRssMb} MB; catalogue load peak ${loaded.peakRssMb} MB, after it ${afterLoadRssMb}; sitemap (${sitemap.result.files} files) peak ${sitemap.peakRssMb}; before the burst ${before.rssMb} MB (V8 heap ${before.heapTotal}, external ${before.external}, rest ${before.rest}); getAll-car x20 peak ${burst.peakRssMb} MB${atPeak ? ` (at the top: ${atPeak.rssMb} MB = V8 heap ${atPeak.heapTotal} + external ${atPeak.external} (array buffers ${atPeak.arrayBuffers}) + rest ${atPeak.rest})` : ''}, all done in ${burst.lastMs} ms; idle ${idle.rssMb} MB`,
    );
    return result;
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh, empty database on the bench's server for the demo catalogue. */
async function freshDatabase(name) {
  const admin = new pg.Client({ connectionString: benchSettings.serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(benchSettings.serverUrl, name);
}

const loads = [round(loadavg()[0], 2)];
const out = {
  cars: carCount,
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  nodeFlags: benchNodeFlags,
  serverEnv: Object.fromEntries(Object.keys(SERVER_ENV).map((key) => [key, process.env[key] ?? SERVER_ENV[key]])),
};
const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-embedded-'));
let failed = false;
try {
  const { databaseUrl, postgres, slug } = await prepareBenchDatabase(carCount);
  out.postgres = postgres;
  console.log(`\nmemory: ${carCount} cars on PostgreSQL ${postgres}; idle read ${idleSeconds} s after the last request\n`);

  out.getAll = [];
  for (const encoding of cases.has('getall') ? ['identity', 'gzip'] : []) {
    out.getAll.push(await getAllCase({ databaseUrl, encoding }));
    loads.push(round(loadavg()[0], 2));
  }
  if (cases.has('warm')) {
    out.warm = [];
    for (const setting of warmMetrics) {
      out.warm.push(await warmCase({ databaseUrl, slug, metrics: setting === 'on' }));
      loads.push(round(loadavg()[0], 2));
    }
  }
  // Seeding PGlite with N cars would need a loader of its own (seed-catalogue.mjs speaks
  // node-postgres; PGlite takes the wire protocol only through @electric-sql/pglite-socket, not
  // installed): the embedded runs use the demo catalogue.
  out.getAllEmbedded = 'not measured: no N-car seed for PGlite (see the comment above)';

  if (cases.has('idle')) out.embedded = await idleCase({ name: 'embedded (PGlite)', databaseUrl: undefined, dataDir });
  loads.push(round(loadavg()[0], 2));
  const postgresDir = mkdtempSync(join(tmpdir(), 'bench-memory-postgres-'));
  try {
    if (cases.has('idle'))
      out.postgresIdle = await idleCase({ name: 'PostgreSQL', databaseUrl: await freshDatabase('dealership_memory_demo'), dataDir: postgresDir });
  } finally {
    rmSync(postgresDir, { recursive: true, force: true });
  }
  loads.push(round(loadavg()[0], 2));

  // The floor: PGlite alone on the folder the embedded run left (the server has stopped).
  out.barePglite = {};
  for (const sharedBuffers of cases.has('idle') ? ['default', '16'] : []) {
    const bare = spawnSync(process.execPath, [join(root, 'tools/bench/bare-pglite.mjs'), join(dataDir, 'pglite'), sharedBuffers], { encoding: 'utf8' });
    if (bare.status !== 0) throw new Error(`bare PGlite failed: ${bare.stderr}`);
    out.barePglite[sharedBuffers === 'default' ? 'pgliteDefault' : 'serverSetting'] = JSON.parse(bare.stdout);
  }
  const { pgliteDefault, serverSetting } = out.barePglite;
  if (pgliteDefault && serverSetting)
    console.log(
      `bare PGlite (the floor): ${pgliteDefault.rssMb} MB with its default shared_buffers (${pgliteDefault.sharedBuffers}), ${serverSetting.rssMb} MB with the server's (${serverSetting.sharedBuffers}); peak while opening ${pgliteDefault.peakRssMb} / ${serverSetting.peakRssMb} MB`,
    );
  loads.push(round(loadavg()[0], 2));
} catch (error) {
  failed = true;
  out.error = error.message;
  console.error(`bench:memory: ${error.message}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// 1-minute load average around the runs: other work on the machine skews the figures.
out.loadAvg = { min: Math.min(...loads), max: Math.max(...loads) };
const goals = [];
const identity = out.getAll?.find((row) => row.encoding === 'identity');
if (identity) goals.push(`getAll-car x20 peak ${identity.peakRssMb} MB (goal < 400)`);
for (const warm of out.warm ?? []) goals.push(`${warm.name}: getAll-car x20 peak ${warm.burst.peakRssMb} MB (goal < 400)`);
if (out.embedded) goals.push(`embedded idle ${out.embedded.afterPages.rssMb} MB (goal <= 350)`);
if (out.postgresIdle) goals.push(`PostgreSQL idle ${out.postgresIdle.afterPages.rssMb} MB (goal <= 150)`);
console.log(`\n${goals.join('; ')}; load average ${out.loadAvg.min}-${out.loadAvg.max}`);

mkdirSync(join(root, 'tools/bench/results'), { recursive: true });
const only = [...cases].sort().join(',') === ALL_CASES.split(',').sort().join(',') ? '' : `-${[...cases].join('-')}`;
const file = join(root, `tools/bench/results/memory-${carCount}${only}.json`);
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`wrote ${file.slice(root.length + 1)}`);
if (failed) process.exitCode = 1;
