import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

// Helpers of the specs that start the built server as `npm start` runs it (the test target builds it first).

export const bundle = resolve(__dirname, '../../../dist/apps/server/main.js');

export type ServerProcess = ChildProcess & { output: () => string };

/** Starts the built server with only `env` (nothing inherited that could change it; specs pass PATH). */
export function run(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [bundle], { env: { NODE_ENV: 'test', LOG_LEVEL: 'info', ...env } });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return Object.assign(child, { output: () => output });
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((done) => (child.exitCode !== null || child.signalCode !== null ? done(child.exitCode) : child.once('exit', done)));

export const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/** Resolves when `/api/health` answers 200; rejects when the process exits first or after 60 s. */
export async function waitForHealth(port: number, child: ServerProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${child.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}
