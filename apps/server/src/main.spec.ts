import { spawnSync } from 'node:child_process';
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

  it('backs up while serving (npm run backup asks the running server), and restores into an empty DATA_DIR that serves the same site', async () => {
    const site = mkdtempSync(join(tmpdir(), 'server-backup-'));
    const restored = mkdtempSync(join(tmpdir(), 'server-restored-'));
    const command = (env: Record<string, string>, ...args: string[]) =>
      spawnSync(process.execPath, [bundle, ...args], { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, encoding: 'utf8' });
    const buyer = { email: 'amina@example.co.ke', password: 'amina-password' };
    const post = (port: number, path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const catalogue = async (port: number) => (await (await fetch(`http://127.0.0.1:${port}/api/car/getAll-car`)).json()) as { cars: { _id: string; documents: { url: string }[] }[] };
    try {
      const socket = await listener();
      const server = run({ DATA_DIR: site }, socket);
      let before: Awaited<ReturnType<typeof catalogue>>;
      let archive: string;
      try {
        await waitForHealth(socket.port, server);
        before = await catalogue(socket.port);
        expect(before.cars.length).toBeGreaterThan(0);
        expect((await post(socket.port, '/api/user/register', { ...buyer, name: 'Amina', phone: '0712345678', address: 'Nyali, Mombasa' })).status).toBe(201);
        const backup = command({ DATA_DIR: site }, 'backup');
        expect({ status: backup.status, stderr: backup.stderr }).toEqual({ status: 0, stderr: '' });
        archive = backup.stdout.trim().split('\n').at(-1) as string;
        expect(archive).toMatch(new RegExp(`^${join(site, 'backups')}/backup-.*\\.tar$`));
        // Not under a running server: restoring there is refused.
        expect(command({ DATA_DIR: site }, 'restore', archive).status).toBe(1);
      } finally {
        server.kill('SIGTERM');
      }
      expect(await exited(server)).toBe(0);

      const restore = command({ DATA_DIR: restored }, 'restore', archive);
      expect({ status: restore.status, stdout: restore.stdout }).toMatchObject({ status: 0, stdout: expect.stringContaining('Restored the backup of') });
      const againSocket = await listener();
      const again = run({ DATA_DIR: restored }, againSocket);
      try {
        await waitForHealth(againSocket.port, again);
        const after = await catalogue(againSocket.port);
        expect(after).toEqual(before);
        // The same pictures, served from the restored media folder.
        const picture = after.cars[0].documents[0].url;
        expect((await fetch(`http://127.0.0.1:${againSocket.port}${picture}`)).status).toBe(200);
        // The same accounts: the buyer signs in with the password of before.
        const login = await post(againSocket.port, '/api/user/login', buyer);
        expect({ status: login.status, success: ((await login.json()) as { success: boolean }).success }).toEqual({ status: 200, success: true });
      } finally {
        again.kill('SIGTERM');
      }
      expect(await exited(again)).toBe(0);
      expect(again.output()).not.toContain('Demo catalogue seeded');
    } finally {
      rmSync(site, { recursive: true, force: true });
      rmSync(restored, { recursive: true, force: true });
    }
  }, 180_000);
});
