import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { resolve } from 'node:path';

// Helpers of the specs that start the built server as `npm start` runs it (the test target builds it first).

export const bundle = resolve(__dirname, '../../../dist/apps/server/main.js');

export type ServerProcess = ChildProcess & { output: () => string };

/** A socket listening on a free loopback port, to hand to a server as it starts (`run`). */
export interface Listener {
  port: number;
  /** Its descriptor, which the server receives as its descriptor 3. */
  fd: number;
  /** Closes this process's copy: after the spawn, the server's copy keeps the socket listening. */
  close: () => void;
}

/**
 * Binds a free port and keeps it bound until the server has it: a port found free and closed can be
 * taken by another process before the server binds it again; this one is never free in between.
 */
export async function listener(): Promise<Listener> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  // Node exposes a server's descriptor only on its handle (Unix); spawn hands it to the child.
  const fd = (server as unknown as { _handle: { fd: number } })._handle.fd;
  return { port, fd, close: () => server.close() };
}

/**
 * Starts the built server with only `env` (nothing inherited that could change it; specs pass PATH),
 * listening on `socket` when given (socket activation: LISTEN_FDS=1, the socket as descriptor 3).
 */
export function run(env: Record<string, string>, socket?: Listener): ServerProcess {
  const activation = socket ? { LISTEN_FDS: '1', PORT: String(socket.port) } : {};
  const child = spawn(process.execPath, [bundle], {
    env: { NODE_ENV: 'test', LOG_LEVEL: 'info', ...env, ...activation },
    stdio: socket ? ['pipe', 'pipe', 'pipe', socket.fd] : 'pipe',
  });
  // Synchronously after the spawn: this process never accepts a connection on it.
  socket?.close();
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return Object.assign(child, { output: () => output });
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((done) => (child.exitCode !== null || child.signalCode !== null ? done(child.exitCode) : child.once('exit', done)));

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
