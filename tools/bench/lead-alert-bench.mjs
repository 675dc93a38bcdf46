// Speed to lead: how long from a buyer's "Send" until the messages reach the providers. The built
// server (embedded database by default, or BENCH_DATABASE_URL) sends to loopback stubs of an SMTP
// server and of Africa's Talking (libs/shared/provider-stubs, the tests' own); leads are submitted
// through tRPC `lead.create` as the site's forms send them, a few at a time, and for each the
// time from the request's start to the arrival at the stub is taken for the staff's email, the
// staff's SMS and the buyer's SMS. Prints p50/p95/max per message and overall; the goal is p95 <= 5 s.
// Writes tools/bench/results/lead-alert.json.
//
//   npm run bench:lead-alert                       (builds the server first; BENCH_SKIP_BUILD=1 skips)
//   BENCH_LEADS=200 BENCH_CONCURRENCY=4 npm run bench:lead-alert
import { buildSync } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, percentile, root, round, startOurServer, waitFor } from './bench-support.mjs';
import { freePort, stopChild } from '../scripts/processes.mjs';

const leadCount = Number(process.env.BENCH_LEADS ?? 100);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const GOAL_P95_MS = 5000;

buildServer();
const work = mkdtempSync(join(tmpdir(), 'bench-lead-alert-'));
// The stubs are TypeScript: bundled for this plain Node script, under node_modules so that their npm
// packages (kept external) resolve.
mkdirSync(join(root, 'node_modules/.cache/dealership-bench'), { recursive: true });
const stubsFile = join(root, 'node_modules/.cache/dealership-bench/provider-stubs.mjs');
buildSync({
  entryPoints: [join(root, 'libs/shared/provider-stubs/src/index.ts')],
  outfile: stubsFile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  absWorkingDir: root,
});
const { startSmsStub, startSmtpStub } = await import(pathToFileURL(stubsFile).href);
const [smtp, sms] = await Promise.all([startSmtpStub(), startSmsStub()]);

const port = await freePort();
const server = startOurServer({
  port,
  databaseUrl: process.env.BENCH_DATABASE_URL,
  dataDir: join(work, 'data'),
  env: {
    // The embedded database unless BENCH_DATABASE_URL names a server.
    ...(process.env.BENCH_DATABASE_URL ? {} : { DATABASE_URL: '' }),
    // Each lead from an address of its own: the per-address lead limits are not what is measured.
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'sales@dealer.test',
    AFRICASTALKING_USERNAME: 'sandbox',
    AFRICASTALKING_API_KEY: 'bench-key',
    AFRICASTALKING_API_URL: sms.url,
    LEAD_ALERT_PHONES: '+254700111222',
  },
});
const stopAll = async () => {
  await stopChild(server);
  await Promise.all([smtp.close(), sms.close()]);
  rmSync(work, { recursive: true, force: true });
};

const results = { staffEmail: [], staffSms: [], buyerSms: [] };
try {
  await waitFor(`http://127.0.0.1:${port}/api/health`, server);
  const started = new Map();
  const send = async (i) => {
    const name = `Bench Buyer ${i}`;
    started.set(name, performance.now() + performance.timeOrigin);
    const response = await fetch(`http://127.0.0.1:${port}/trpc/lead.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.99.${Math.floor(i / 250)}.${i % 250}` },
      body: JSON.stringify({ name, phone: '0712 345 678', consent: true, message: 'Is this car still available?' }),
    });
    if (!response.ok) throw new Error(`lead.create answered ${response.status}: ${await response.text()}`);
  };
  // A warm-up lead: the first render of a template and the first SMTP connection are not typical.
  await send(-1);
  await smtp.waitFor((m) => m.subject === 'New enquiry: Bench Buyer -1', 30_000);
  for (let next = 0; next < leadCount; ) {
    await Promise.all(Array.from({ length: Math.min(concurrency, leadCount - next) }, () => send(next++)));
  }
  for (let i = 0; i < leadCount; i++) {
    const name = `Bench Buyer ${i}`;
    const t0 = started.get(name);
    const mail = await smtp.waitFor((m) => m.subject === `New enquiry: ${name}`, 60_000);
    const staff = await sms.waitFor((m) => m.to === '+254700111222' && m.message.startsWith(`New enquiry: ${name} `), 60_000);
    const buyer = await sms.waitFor((m) => m.to === '+254712345678' && m.message.includes(`thank you Bench`) && !m.counted, 60_000);
    buyer.counted = true;
    results.staffEmail.push(mail.receivedAt - t0);
    results.staffSms.push(staff.receivedAt - t0);
    results.buyerSms.push(buyer.receivedAt - t0);
  }
} finally {
  await stopAll();
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50), 0), p95: round(percentile(sorted, 95), 0), max: round(sorted.at(-1), 0) };
};
const rows = Object.fromEntries(Object.entries(results).map(([kind, values]) => [kind, summary(values)]));
const overall = summary(Object.values(results).flat());
console.log(
  `\n${leadCount} leads, ${concurrency} at a time, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded database'}, Node ${process.version}, load average ${loadavg()[0].toFixed(2)}`,
);
console.table({ ...rows, overall });
console.log(`p95 from Send to arrival: ${overall.p95} ms (goal <= ${GOAL_P95_MS} ms)`);

mkdirSync(join(root, 'tools/bench/results'), { recursive: true });
const out = {
  date: new Date().toISOString(),
  command: 'npm run bench:lead-alert',
  machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, loadAvg: round(loadavg()[0], 2) },
  database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
  leads: leadCount,
  concurrency,
  ms: rows,
  overall,
  goalP95Ms: GOAL_P95_MS,
};
writeFileSync(join(root, 'tools/bench/results/lead-alert.json'), `${JSON.stringify(out, null, 2)}\n`);
if (overall.p95 > GOAL_P95_MS) process.exitCode = 1;
