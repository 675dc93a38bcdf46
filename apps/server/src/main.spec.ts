import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bundle, exited, type Listener, listener, run as runServer, waitForHealth } from './server-process.testing';

const run = (env: Record<string, string>, socket?: Listener) => runServer({ PATH: process.env.PATH ?? '', ...env }, socket);

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

  it('refuses DATABASE_URL without JWT_SECRET and a media location, saying how to set them', async () => {
    const child = run({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://app@127.0.0.1:1/dealership' });
    expect(await exited(child)).toBe(78);
    expect(child.output()).toContain('JWT_SECRET: is required with DATABASE_URL');
    expect(child.output()).toContain('openssl rand -base64 48');
    expect(child.output()).toContain('MEDIA_DIR: is required with DATABASE_URL unless CLOUDINARY_URL is set');
  });

  it("starts a new DATA_DIR from the build's database template, seeds it, and keeps it across a restart", async () => {
    expect(existsSync(join(dirname(bundle), 'pglite-template.tar.gz'))).toBe(true);
    const fresh = mkdtempSync(join(tmpdir(), 'server-fresh-'));
    const brandNames = async (port: number) => {
      const body = (await (await fetch(`http://127.0.0.1:${port}/api/brand/getAll-brand`)).json()) as { brands: { name: string }[] };
      return body.brands.map((b) => b.name).sort();
    };
    try {
      const socket = await listener();
      const first = run({ DATA_DIR: fresh }, socket);
      let seeded: string[];
      try {
        await waitForHealth(socket.port, first);
        expect((await fetch(`http://127.0.0.1:${socket.port}/health/ready`)).status).toBe(200);
        seeded = await brandNames(socket.port);
        expect(seeded.length).toBeGreaterThan(0);
      } finally {
        first.kill('SIGTERM');
      }
      expect(await exited(first)).toBe(0);
      expect(first.output()).toContain("database created from the build's template");
      expect(first.output()).toContain('Demo catalogue seeded');

      const againSocket = await listener();
      const again = run({ DATA_DIR: fresh }, againSocket);
      try {
        await waitForHealth(againSocket.port, again);
        expect(await brandNames(againSocket.port)).toEqual(seeded);
      } finally {
        again.kill('SIGTERM');
      }
      expect(await exited(again)).toBe(0);
      expect(again.output()).not.toContain('database created');
      expect(again.output()).not.toContain('Demo catalogue seeded');
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 120_000);

  it('serves, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const socket = await listener();
    const first = run({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, socket);
    try {
      await waitForHealth(socket.port, first);
      const second = run({ DATA_DIR: dataDir }, await listener());
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
