// Upload to visible: how long a dealer waits from picking a phone photo (a 5 MB JPEG, 4000x3000)
// in the Create Car form until the car's page shows it to a visitor. Measured through the built
// server, the embedded database and Debian's Chromium, in three parts:
//   pick -> uploaded   the browser's 800x600 JPEG 0.6 redraw, the upload, the server's sniff,
//                      decode and WebP re-encode (the tile's progress bar gone);
//   save -> listed     Create Car pressed until the admin list shows the car;
//   page -> painted    the public car page opened until its main picture has decoded.
// Optionally on a throttled link (BENCH_UPLOAD_KBPS, e.g. 1000 for a 1 Mbit/s 4G uplink).
//
//   npx nx run-many -t build -p server,web && node tools/bench/upload-bench.mjs
//   BENCH_RUNS=5 BENCH_UPLOAD_KBPS=1000 node tools/bench/upload-bench.mjs
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const uploadKbps = Number(process.env.BENCH_UPLOAD_KBPS ?? 0);
const admin = { email: 'bench@dealer.test', password: 'bench-admin-password' };

for (const file of ['dist/apps/server/main.js', 'dist/apps/web/index.html']) {
  if (!existsSync(join(root, file))) {
    console.error(`Missing ${file}: run npx nx run-many -t build -p server,web first`);
    process.exit(1);
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A photo-like 4000x3000 JPEG of about 5 MB: noise defeats JPEG's compression as a real photo's detail does. */
async function phonePhoto(path) {
  const width = 4000;
  const height = 3000;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
  await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 62 })
    .toFile(path);
  return statSync(path).size;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const work = mkdtempSync(join(tmpdir(), 'dealership-upload-bench-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['dist/apps/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: 'true',
    DATABASE_URL: '',
    CLOUDINARY_URL: '',
    MEDIA_DIR: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let browser;
try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (i > 600) throw new Error('the server did not become healthy');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const photo = join(work, 'phone-photo.jpg');
  const bytes = await phonePhoto(photo);
  console.log(`photo: 4000x3000 JPEG, ${(bytes / 1_048_576).toFixed(1)} MB; link: ${uploadKbps ? `${uploadKbps} kbit/s up` : 'loopback'}; ${runs} runs`);

  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (uploadKbps) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 60,
      downloadThroughput: (uploadKbps * 4 * 1000) / 8,
      uploadThroughput: (uploadKbps * 1000) / 8,
    });
  }
  await page.goto('/login');
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByRole('textbox', { name: 'Email', exact: true }).fill(admin.email);
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/`);

  const field = (label) => page.getByLabel(new RegExp(`^${label}`)).and(page.locator('input, textarea'));
  const choose = async (label, option) => {
    await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
    await page.getByRole('option', { name: option, exact: true }).first().click();
  };
  const results = [];
  for (let run = 1; run <= runs; run++) {
    const name = `Bench Prado ${Date.now().toString(36)}`;
    await page.goto('/dashboard/admin/create-product');
    await page.getByRole('button', { name: 'Create Car', exact: true }).waitFor();
    await page.getByRole('combobox', { name: /^Car Brand/ }).click();
    await page.getByRole('option').first().click();
    for (const [label, value] of [
      ['Car Name', name],
      ['Car Price', '5400000'],
      ['Engine Size', '2800'],
      ['Car Mileage', '61000'],
      ['Year of Manufacture', '2019'],
      ['Car Description', 'Benchmark car.'],
    ]) {
      await field(label).fill(value);
    }
    await choose('Body Type', 'SUV');
    await choose('Fuel Type', 'Diesel');
    await choose('Transmission Type', 'Automatic');
    await choose('Drive Type', '4 WD');

    const picked = Date.now();
    await page.getByLabel('Car Images', { exact: true }).and(page.locator('input[type=file]')).setInputFiles(photo);
    await page.getByRole('listitem', { name: 'Picture 1, main picture' }).waitFor();
    await page.getByText('Uploading Images. Please Wait...').waitFor({ state: 'hidden', timeout: 300_000 });
    const uploaded = Date.now();
    await page.getByRole('button', { name: 'Create Car', exact: true }).click();
    await page.waitForURL(/\/dashboard\/admin\/cars/);
    // Newest first: the new car heads the list's first page.
    const card = page.getByRole('article', { name }).first();
    await card.waitFor();
    const listed = Date.now();
    const href = await card.getByRole('link', { name: `View ${name}` }).getAttribute('href');
    await page.goto(href);
    const main = page.getByRole('img', { name: `${name}, photo 1 of 1` });
    await main.waitFor();
    await main.evaluate((img) => img.decode());
    const painted = Date.now();
    const result = { upload: uploaded - picked, save: listed - uploaded, page: painted - listed, total: painted - picked };
    results.push(result);
    console.log(`run ${run}: pick->uploaded ${result.upload} ms, save->listed ${result.save} ms, page->painted ${result.page} ms, total ${result.total} ms`);
  }
  const summary = Object.fromEntries(['upload', 'save', 'page', 'total'].map((key) => [key, median(results.map((r) => r[key]))]));
  console.log(
    `median: pick->uploaded ${summary.upload} ms, save->listed ${summary.save} ms, page->painted ${summary.page} ms, upload-to-visible ${summary.total} ms`,
  );
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(work, { recursive: true, force: true });
}
