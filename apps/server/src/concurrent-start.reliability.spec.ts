import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle, exited, freePort, run as runServer, type ServerProcess, waitForHealth } from './server-process.testing';

const run = (env: Record<string, string>) => runServer({ PATH: process.env.PATH ?? '', ...env });

const SERVERS = 3;

/**
 * Several servers started at the same instant on one DATA_DIR (the embedded database does not
 * lock its folder: two processes on it corrupt it). Exactly one may open the folder; the others
 * must exit 75 naming the folder and the pid that holds it.
 */
describe('servers started together on one DATA_DIR (built bundle)', () => {
  let root: string;
  beforeAll(() => {
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npx nx run server:build`);
    root = mkdtempSync(join(tmpdir(), 'server-race-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    ['an empty folder', undefined],
    ['a folder with a stale lock of a dead process', '999999999'],
  ])(
    `exactly one of ${SERVERS} opens %s; the others exit 75 naming the folder and the holder`,
    async (name, staleLock) => {
      const dataDir = join(root, name.replace(/\W+/g, '-'));
      mkdirSync(dataDir);
      if (staleLock) writeFileSync(join(dataDir, 'dealership.lock'), staleLock);
      const ports = await Promise.all(Array.from({ length: SERVERS }, () => freePort()));
      const servers = ports.map((port) => ({ port, child: run({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false' }) }));
      let winner: { port: number; child: ServerProcess } | undefined;
      try {
        // The losers exit; the one left running is the winner. (Polling every port for health
        // instead could count a loser whose free port another test's server took meanwhile.)
        const losers = await new Promise<typeof servers>((resolve, reject) => {
          const gone: typeof servers = [];
          const timer = setTimeout(() => reject(new Error(`only ${gone.length} of ${SERVERS} servers exited: more than one opened the folder`)), 90_000);
          for (const server of servers)
            void exited(server.child).then(() => {
              gone.push(server);
              if (gone.length === SERVERS - 1) {
                clearTimeout(timer);
                resolve(gone);
              }
            });
        });
        winner = servers.find((s) => !losers.includes(s));
        if (!winner) throw new Error('every server exited');
        await waitForHealth(winner.port, winner.child);
        expect(readFileSync(join(dataDir, 'dealership.lock'), 'utf8')).toBe(String(winner.child.pid));
        for (const loser of losers) {
          expect(await exited(loser.child)).toBe(75);
          expect(loser.child.output()).toContain(`DATA_DIR ${dataDir} is in use by another process (pid ${winner.child.pid})`);
        }
        // The winner serves its database normally.
        expect((await fetch(`http://127.0.0.1:${winner.port}/health/ready`)).status).toBe(200);
      } finally {
        for (const { child } of servers) if (child.exitCode === null) child.kill('SIGTERM');
      }
      if (winner) expect(await exited(winner.child)).toBe(0);
      expect(existsSync(join(dataDir, 'dealership.lock'))).toBe(false);
    },
    180_000,
  );
});
