// Cold start of the built server on the embedded database: time from spawning the process to its
// first 200 and to its 'listening' log, with a fresh DATA_DIR (database created, migrations, demo
// seed) and with a reused one (a restart).
//
//   npm run bench:cold-start [-- --runs 7] [-- --no-build] [-- --path /] [-- --server a/main.js,b/main.js] [-- --json out.json]
//
// Builds the server and web app through Nx first (cached; --no-build, or --server, uses the files as
// they are). Each run spawns `node <main.js>` with DATA_DIR, PORT and HOST set and DATABASE_URL,
// NODE_ENV, ADMIN_* and SEED_DEMO cleared (so: development, the development admin created on a fresh
// folder, the demo seed), polls --path (default /api/health) every 5 ms until it answers 200, then
// stops the server with SIGTERM. Fresh and restart runs alternate, so both see the same machine
// load; with several --server bundles (comma-separated, e.g. a copy of an older build and the
// current one; each needs its web app at ../web) they alternate too, run by run. Prints median /
// min / max per server and mode, in ms: to the first 200, to the 'listening' log, and the
// process's CPU time by the first 200 (user + system, all threads; less sensitive to other load on
// the machine than wall time).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildServerAndWeb, freePort, stopChild } from '../scripts/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] !== undefined ? args[index + 1] : fallback;
};
const runs = Math.max(1, Number(option('--runs', '5')) || 5);
const probePath = option('--path', '/api/health');
const jsonFile = option('--json', undefined);
const noBuild = args.includes('--no-build') || option('--server', undefined) !== undefined;
const servers = option('--server', 'dist/apps/server/main.js')
  .split(',')
  .map((file) => resolve(root, file.trim()));
const TIMEOUT_MS = 60_000;

if (!noBuild) buildServerAndWeb(root, 'cold-start');
for (const file of servers) {
  if (!existsSync(file)) {
    console.error(`cold-start: ${file} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}

/** The status of one GET, or 0 when nothing answers yet. */
const probe = (port, path) =>
  new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.once('end', () => done(res.statusCode ?? 0));
    });
    req.once('error', () => done(0));
    req.once('timeout', () => req.destroy());
    req.end();
  });

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux; undefined elsewhere): less sensitive to other load than wall time. */
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, at USER_HZ 100
  } catch {
    return undefined;
  }
};

/** One start of `main` on `dataDir`: ms from spawn to the 'listening' log and to the first 200 of `path`. */
async function startOnce(main, dataDir, path) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SEED_DEMO: '',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let listeningMs;
  let stderr = '';
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    if (listeningMs !== undefined) return;
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    // Fastify's "Server listening at http://..." (the first line the open socket causes).
    if (lines.some((line) => /listening/i.test(line))) listeningMs = performance.now() - started;
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => (stderr += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
      const status = await probe(port, path);
      if (status === 200) return { firstOkMs: performance.now() - started, listeningMs: listeningMs ?? null, cpuMs: cpuMs(child.pid) ?? null };
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`no 200 from ${path} in ${TIMEOUT_MS / 1000} s (last status ${status})`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await stopChild(child);
  }
}

const stats = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return { median: null, min: null, max: null };
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median: Math.round(median), min: Math.round(sorted[0]), max: Math.round(sorted.at(-1)) };
};

const temp = mkdtempSync(join(tmpdir(), 'cold-start-'));
const results = servers.map((main) => ({ server: relative(root, main), fresh: [], restart: [] }));
console.log(
  `cold start: ${runs} fresh + ${runs} restart runs per server, first 200 of GET ${probePath}; Node ${process.version}, load average ${loadavg()[0].toFixed(2)}`,
);
try {
  // One folder per server to restart on, seeded by a first start that is not counted.
  const reused = [];
  for (const [i, main] of servers.entries()) {
    reused[i] = join(temp, `reused-${i}`);
    await startOnce(main, reused[i], probePath);
  }
  for (let run = 0; run < runs; run++) {
    for (const [i, main] of servers.entries()) {
      const fresh = join(temp, `fresh-${i}-${run}`);
      results[i].fresh.push(await startOnce(main, fresh, probePath));
      rmSync(fresh, { recursive: true, force: true });
      results[i].restart.push(await startOnce(main, reused[i], probePath));
      const last = (mode) => results[i][mode].at(-1).firstOkMs.toFixed(0);
      process.stdout.write(`  run ${run + 1}/${runs} ${results[i].server}: fresh ${last('fresh')} ms, restart ${last('restart')} ms\n`);
    }
  }
} catch (error) {
  console.error(`cold-start: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  rmSync(temp, { recursive: true, force: true });
}

const fmt = ({ median, min, max }) => (median === null ? 'n/a' : `${median} (${min}-${max})`);
const width = Math.max(6, ...results.map((r) => r.server.length));
console.log(`\nms from spawn, median (min-max) of ${runs}; load average now ${loadavg()[0].toFixed(2)}`);
console.log(`${'server'.padEnd(width)} ${'mode'.padEnd(8)} ${'first 200'.padEnd(20)} ${'listening log'.padEnd(20)} CPU time to first 200`);
for (const result of results) {
  for (const mode of ['fresh', 'restart']) {
    const rows = result[mode];
    console.log(
      `${result.server.padEnd(width)} ${mode.padEnd(8)} ${fmt(stats(rows.map((r) => r.firstOkMs))).padEnd(20)} ${fmt(stats(rows.map((r) => r.listeningMs))).padEnd(20)} ${fmt(stats(rows.map((r) => r.cpuMs)))}`,
    );
  }
}
if (jsonFile) {
  writeFileSync(resolve(jsonFile), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, path: probePath, runs, results }, null, 2)}\n`);
  console.log(`wrote ${jsonFile}`);
}
