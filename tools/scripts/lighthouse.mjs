// Mobile Lighthouse on the public pages of the built site.
//
//   npm run lighthouse [-- --no-build] [-- --runs 3] [-- --only /car/] [-- --details]
//
// Builds the server and web app through Nx (cached: a no-op when nothing changed; --no-build uses
// dist/ as it is), starts the built server on a free port with a fresh DATA_DIR (embedded database,
// demo seed), runs Lighthouse's default mobile audit (simulated slow 4G and 4x CPU slowdown) with
// Debian's Chromium (CHROME_PATH or /usr/bin/chromium; never downloads a browser) on /, /cars,
// four landing pages (model, body, budget, condition), /car/<seeded slug>, /brands, /brand/<seeded slug>, /about, /services, /contact, /import-duty
// and /financing, prints the four category scores, LCP, CLS, total blocking time and the
// JavaScript transferred during the page load per page, and writes tools/bench/results/lighthouse.json. With --runs N each page is
// audited N times and the run with the median performance score is kept. --only keeps the page of that path, else the pages whose path contains the text;
// --details prints each page's long tasks (also in the JSON).
// Exits 1 when a page misses the budget (BUDGET below: issue 25's goals for a phone on slow 4G); names the pages
// within it but above issue 44's margin (TBT_MARGIN_MS).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerAndWeb, freePort } from './processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Math.max(1, Number(args[runsIndex + 1]) || 1) : 1;
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;

/**
 * Per page, on the median run: Lighthouse performance score, total blocking time, JavaScript
 * transferred (KiB, as Lighthouse counts). Issue 25's goals for the public pages a buyer lands
 * on (and issue 30's landing pages); the service pages and calculators are measured and printed, not held to them (/services
 * renders three lead forms, whose code comes with the page).
 */
const BUDGET = { minPerformance: 95, maxTbtMs: 200, maxScriptKb: 150 };
/** Issue 44's margin under the TBT budget (a run moves a page by up to 150 ms): a page above it is within budget, and named. */
const TBT_MARGIN_MS = 150;
const isBudgeted = (path) => /^\/(cars(\/[^?]+)?|car\/[^/]+|brands|brand\/[^/]+|about)?$/.test(path);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const serverMain = join(root, 'dist/apps/server/main.js');
const webIndex = join(root, 'dist/apps/web/index.html');

if (!existsSync(chromePath)) {
  console.error(`lighthouse: no Chromium at ${chromePath} (set CHROME_PATH; install with apt-get install -y chromium)`);
  process.exit(1);
}

if (!noBuild) buildServerAndWeb(root, 'lighthouse');
if (!existsSync(serverMain) || !existsSync(webIndex)) {
  console.error('lighthouse: dist/apps/server/main.js or dist/apps/web/index.html is missing: run `npm run build` first');
  process.exit(1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const started = Date.now();
// As `npm start` runs it (without its build step): the server's Node options and malloc settings.
const server = spawn(process.execPath, [join(root, 'tools/scripts/start.mjs'), '--no-build'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'lighthouse@example.com',
    ADMIN_PASSWORD: 'lighthouse-password',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const stopServer = () =>
  new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/health/ready`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become ready in 60 s');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const score = (lhr, id) => (lhr.categories[id]?.score === null || lhr.categories[id]?.score === undefined ? null : Math.round(lhr.categories[id].score * 100));
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? null;

/**
 * Blocking time from the CPU the page's main thread used, not the wall clock: each task after the
 * first paint counts as 4x its thread time (the audit's CPU slowdown) beyond 50 ms. Lighthouse's
 * TBT simulates from the wall-clock length of the trace's tasks, so on a 2-core host where the
 * browser's own processes, the tracing and the server share the cores a task descheduled halfway
 * reads two to ten times its CPU time (measured 2026-12-07: a 14.5 ms task with 0.7 ms of CPU; `/`
 * read TBT 170-811 ms across runs of one build). This figure moves with the page's code only.
 */
function threadTimeBlockingMs(trace) {
  const events = trace?.traceEvents ?? [];
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === fcp.pid);
  if (!main) return null;
  let blocking = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== main.pid || event.tid !== main.tid || event.ts < fcp.ts) continue;
    blocking += Math.max(0, (4 * (event.tdur ?? event.dur)) / 1000 - 50);
  }
  return Math.round(blocking);
}

let chrome;
const pages = [];
try {
  await waitReady();
  const readyMs = Date.now() - started;
  const latest = await (await fetch(`${base}/trpc/car.latest`)).json();
  const carSlug = latest.result.data[0].slug;
  const brands = await (await fetch(`${base}/api/brand/getAll-brand`)).json();
  const brandSlug = (brands.brands.find((b) => b.slug === 'toyota') ?? brands.brands[0]).slug;
  const allPaths = [
    '/',
    '/cars',
    // The landing pages (issue 30): /cars with fixed filters, one of each kind.
    '/cars/toyota/corolla-axio',
    '/cars/body/suv',
    '/cars/under/3-million',
    '/cars/foreign-used',
    `/car/${carSlug}`,
    '/brands',
    `/brand/${brandSlug}`,
    '/about',
    // The buyer tools (issue 14): the pages with lead forms, and the calculators with the issue's vectors.
    '/services',
    '/contact',
    '/import-duty?crsp=3000000&registered=2022-05&cc=1500&fuel=petrol',
    '/financing?price=1000000&deposit=0&months=48&rate=14.5',
  ];
  // `--only /` is the home page alone (a path given whole); any other text keeps the paths holding it.
  const paths = only ? (allPaths.includes(only) ? [only] : allPaths.filter((path) => path.includes(only))) : allPaths;
  // Warm the server (first requests render WebP variants of the seeded pictures) so the audit
  // measures the page, not the first image encode.
  for (const path of paths) await fetch(base + path).catch(() => undefined);

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
    ],
    logLevel: 'silent',
  });
  const version = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
  console.log(
    `\nLighthouse ${JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version}, ${version.Browser}, mobile (default config), server ready in ${readyMs} ms\n`,
  );

  /** The LCP element's markup (Lighthouse 13 reports it in the LCP breakdown insight, as a node item). */
  const lcpElementOf = (lhr) => {
    const items = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
    return items.find((item) => item.type === 'node')?.snippet;
  };

  /** The JavaScript the page load transferred (Lighthouse's resource summary: every script request until the load settled). */
  const scriptBytesOf = (lhr) => lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  const scriptsOf = (lhr) =>
    (lhr.audits['network-requests']?.details?.items ?? [])
      .filter((item) => item.resourceType === 'Script')
      .map((item) => `${(item.transferSize / 1024).toFixed(1)} KB ${item.url.replace(base, '')}`);

  for (const path of paths) {
    const attempts = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      result.lhr.threadTimeTbtMs = threadTimeBlockingMs(result.artifacts?.Trace);
      attempts.push(result.lhr);
    }
    const perfs = attempts.map((lhr) => score(lhr, 'performance') ?? 0);
    // A run Lighthouse could not finish (a runtime error, no score) is reported, not counted.
    const finished = attempts.filter((attempt) => score(attempt, 'performance') !== null && !attempt.runtimeError);
    const failedRuns = attempts.filter((attempt) => !finished.includes(attempt)).map((attempt) => attempt.runtimeError?.code ?? 'no score');
    const pool = finished.length > 0 ? finished : attempts;
    const poolPerfs = pool.map((attempt) => score(attempt, 'performance') ?? 0);
    const lhr = pool[poolPerfs.indexOf(median(poolPerfs))];
    const page = {
      path,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      lcpMs: Math.round(metric(lhr, 'largest-contentful-paint') ?? 0),
      cls: Math.round((metric(lhr, 'cumulative-layout-shift') ?? 0) * 1000) / 1000,
      fcpMs: Math.round(metric(lhr, 'first-contentful-paint') ?? 0),
      tbtMs: Math.round(metric(lhr, 'total-blocking-time') ?? 0),
      threadTimeTbtMs: median(attempts.map((attempt) => attempt.threadTimeTbtMs ?? 0)),
      speedIndexMs: Math.round(metric(lhr, 'speed-index') ?? 0),
      transferKb: Math.round((metric(lhr, 'total-byte-weight') ?? 0) / 1024),
      scriptKb: Math.round(scriptBytesOf(lhr) / 1024),
      scripts: scriptsOf(lhr),
      // What to look at when a page misses: its LCP element and its largest downloads.
      lcpElement: lcpElementOf(lhr),
      largestTransfers: (lhr.audits['total-byte-weight']?.details?.items ?? [])
        .slice(0, 5)
        .map((item) => `${Math.round(item.totalBytes / 1024)} KB ${item.url.replace(base, '')}`),
      // And what blocked the main thread (the TBT): its long tasks, at the simulated phone's speed.
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
        .slice(0, 8)
        .map((item) => `${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms ${String(item.url).replace(base, '')}`),
      // Lighthouse's own reading of the host's CPU (about 1000 on a mid-tier laptop of its
      // baseline; its warning starts below 1000): TBT scales with it, so a reading is only
      // comparable with one taken on a host of the same index.
      benchmarkIndex: Math.round(median(attempts.map((attempt) => attempt.environment?.benchmarkIndex ?? 0))),
      ...(runs > 1 ? { performanceRuns: perfs, tbtRuns: attempts.map((attempt) => Math.round(metric(attempt, 'total-blocking-time') ?? 0)), threadTimeTbtRuns: attempts.map((attempt) => attempt.threadTimeTbtMs) } : {}),
      ...(failedRuns.length > 0 ? { failedRuns } : {}),
      ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.message } : {}),
      warnings: lhr.runWarnings,
    };
    pages.push(page);
    console.log(
      `${path.padEnd(40)} perf ${String(page.performance).padStart(3)}  a11y ${String(page.accessibility).padStart(3)}  best ${String(page.bestPractices).padStart(3)}  seo ${String(page.seo).padStart(3)}  LCP ${(page.lcpMs / 1000).toFixed(2)} s  CLS ${page.cls}  FCP ${(page.fcpMs / 1000).toFixed(2)} s  TBT ${page.tbtMs} ms (thread time ${page.threadTimeTbtMs})  JS ${page.scriptKb} KB  host ${page.benchmarkIndex}${page.runtimeError ? `  ERROR ${page.runtimeError}` : ''}`,
    );
    if (args.includes('--details')) for (const task of page.longTasks) console.log(`    long task ${task}`);
  }

  const out = {
    date: new Date().toISOString(),
    lighthouse: JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version,
    browser: version.Browser,
    formFactor: 'mobile',
    runsPerPage: runs,
    serverReadyMs: readyMs,
    pages,
  };
  mkdirSync(join(root, 'tools/bench/results'), { recursive: true });
  writeFileSync(join(root, 'tools/bench/results/lighthouse.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('\nwrote tools/bench/results/lighthouse.json');
  const misses = pages.filter((page) => isBudgeted(page.path)).flatMap((page) => [
    ...((page.performance ?? 0) < BUDGET.minPerformance ? [`${page.path}: performance ${page.performance} < ${BUDGET.minPerformance}`] : []),
    ...(page.tbtMs > BUDGET.maxTbtMs ? [`${page.path}: total blocking time ${page.tbtMs} ms > ${BUDGET.maxTbtMs} ms`] : []),
    ...(page.scriptKb > BUDGET.maxScriptKb ? [`${page.path}: ${page.scriptKb} KB of JavaScript > ${BUDGET.maxScriptKb} KB (${page.scripts.join(', ')})`] : []),
  ]);
  if (misses.length > 0) {
    console.error(`\nOver budget:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  } else console.log(`\nThe public pages within budget: performance >= ${BUDGET.minPerformance}, TBT <= ${BUDGET.maxTbtMs} ms, JavaScript <= ${BUDGET.maxScriptKb} KB.`);
  const thin = pages.filter((page) => isBudgeted(page.path) && page.tbtMs > TBT_MARGIN_MS && page.tbtMs <= BUDGET.maxTbtMs);
  if (thin.length > 0) console.log(`Without the margin (TBT <= ${TBT_MARGIN_MS} ms): ${thin.map((page) => `${page.path} ${page.tbtMs} ms`).join(', ')}.`);
  else if (misses.length === 0) console.log(`Every budgeted page within the margin: TBT <= ${TBT_MARGIN_MS} ms.`);
} catch (error) {
  console.error(`lighthouse: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  if (chrome) await chrome.kill();
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
