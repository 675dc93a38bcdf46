import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle, exited, type Listener, listener, run, type ServerProcess, waitForHealth } from './server-process.testing';

/**
 * The generated development admin (issue 29): its password is shown once on a terminal, never in
 * the log (a log is a file: a container's, a CI artefact). On the code before this issue the
 * password went through the logger, whether or not stdout was a terminal.
 */
describe('the development admin password (built server, real processes)', () => {
  let root: string;
  const running: ServerProcess[] = [];
  const baseEnv = (dataDir: string) => ({ PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'info', SEED_DEMO: 'false', DATA_DIR: dataDir });

  /** Starts the built server under `script`, which gives it a pseudo-terminal as stdout (what `npm start` in a shell has). */
  const runOnTerminal = (env: Record<string, string>, socket: Listener): ServerProcess => {
    // `script` passes its descriptors on: the server receives the socket as descriptor 3.
    const child = spawn('script', ['-qefc', `${process.execPath} ${bundle}`, '/dev/null'], {
      env: { ...env, LISTEN_FDS: '1', PORT: String(socket.port) },
      stdio: ['pipe', 'pipe', 'pipe', socket.fd],
    });
    socket.close();
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    return Object.assign(child, { output: () => output });
  };
  const stop = async (child: ServerProcess) => {
    child.kill('SIGTERM');
    await exited(child);
  };
  const login = (port: number, email: string, password: string) =>
    fetch(`http://127.0.0.1:${port}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'dev-admin-'));
  });
  afterAll(async () => {
    for (const child of running) if (child.exitCode === null) await stop(child);
    rmSync(root, { recursive: true, force: true });
  });

  it('without a terminal: no admin is generated, nothing secret is written, and the log says what to set', async () => {
    const socket = await listener();
    const { port } = socket;
    const child = run(baseEnv(join(root, 'piped')), socket);
    running.push(child);
    await waitForHealth(port, child);
    expect((await login(port, 'admin@dealership.local', 'anything-at-all')).status).toBe(401);
    await stop(child);
    expect(child.output()).toContain('stdout is not a terminal: no development admin was created');
    expect(child.output()).not.toMatch(/Password:/i);
  }, 60_000);

  it('on a terminal: the password is printed once, outside the JSON log lines, and signs in', async () => {
    const socket = await listener();
    const { port } = socket;
    const child = runOnTerminal(baseEnv(join(root, 'terminal')), socket);
    running.push(child);
    await waitForHealth(port, child);
    const password = /Password: (\S+)/.exec(child.output())?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    const lines = child.output().split(/\r?\n/);
    expect(lines.filter((line) => line.includes(password as string))).toEqual([`  Password: ${password}`]);
    expect((await login(port, 'admin@dealership.local', password as string)).status).toBe(200);
    await stop(child);

    // A second start has the admin already: nothing is printed again.
    const againSocket = await listener();
    const again = runOnTerminal(baseEnv(join(root, 'terminal')), againSocket);
    running.push(again);
    await waitForHealth(againSocket.port, again);
    await stop(again);
    expect(again.output()).not.toMatch(/Password:/i);
  }, 90_000);
});
