import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The built bundle, as `npm start` runs it (the test target builds it first).
const bundle = resolve(__dirname, '../../../dist/apps/server/main.js');

function run(env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [bundle], { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env } });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return Object.assign(child, { output: () => output });
}

const exited = (child: ChildProcess) => new Promise<number | null>((done) => (child.exitCode !== null ? done(child.exitCode) : child.once('exit', done)));

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

async function waitForHealth(port: number, child: ChildProcess & { output: () => string }) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${child.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe('server process (built bundle)', () => {
  let dataDir: string;
  beforeAll(() => {
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npx nx run server:build`);
    dataDir = mkdtempSync(join(tmpdir(), 'server-main-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start on a bad setting, naming the variable', async () => {
    const child = run({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await exited(child)).toBe(78);
    expect(child.output()).toContain('PORT: must be a number');
  });

  it('refuses production without the admin account', async () => {
    const child = run({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(await exited(child)).toBe(78);
    expect(child.output()).toContain('ADMIN_EMAIL: is required in production');
  });

  it('serves, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = run({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      await waitForHealth(port, first);
      const second = run({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await exited(second)).toBe(75);
      expect(second.output()).toMatch(/DATA_DIR .* is in use by another process \(pid \d+\)/);
    } finally {
      first.kill('SIGTERM');
    }
    expect(await exited(first)).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(existsSync(join(dataDir, 'dealership.lock'))).toBe(false);
  }, 120_000);
});
