import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Loopback only: the browser's host-resolver rules map every other host to NOTFOUND. */
export const E2E_HOST = '127.0.0.1';

/** Environment the server under test gets on top of the caller's. */
export const E2E_SERVER_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DEALER_PHONE: '+254 711 222 333',
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'e2e-admin-password',
  SEED_DEMO: 'true',
  // Behind a proxy, as in production: every browser context and API context of a test sends an
  // X-Forwarded-For of its own (support/fixtures.ts), so each buyer has the per-address limits to
  // itself. One hop: the browser connects straight to the server, which takes the header's
  // rightmost (here only) address as a proxy's report of the client.
  TRUST_PROXY: '1',
} as const;

// Server settings a developer may have exported that would point the run at their own data.
const INHERITED_KEYS_TO_DROP = [
  'DATABASE_URL',
  'PUBLIC_URL',
  'MEDIA_DIR',
  'WEB_DIST_DIR',
  'CLOUDINARY_URL',
  'JWT_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'AFRICASTALKING_USERNAME',
  'AFRICASTALKING_API_KEY',
  'AFRICASTALKING_SENDER_ID',
  'AFRICASTALKING_API_URL',
  'LEAD_ALERT_EMAILS',
  'LEAD_ALERT_PHONES',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'WHATSAPP_API_URL',
  'WHATSAPP_TEMPLATES',
];

/** Keep only the tail of the server's output: enough to explain a failed start. */
const OUTPUT_TAIL_CHARS = 8_000;

/** A socket listening on a free loopback port, handed to the server as it starts (`startServer`). */
export interface BoundPort {
  port: number;
  /** Its descriptor, which the server receives as its descriptor 3 (LISTEN_FDS=1). */
  fd: number;
  /** Closes this process's copy: after the spawn, the server's copy keeps the socket listening. */
  close: () => void;
}

/**
 * Binds a free port and keeps it bound until the server has it: a port found free and closed could
 * be taken by another process (another worker's server) before the server bound it again.
 */
export async function bindFreePort(host: string = E2E_HOST): Promise<BoundPort> {
  const server = createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Could not read the port of a bound socket');
  // Node exposes a server's descriptor only on its handle (Unix); spawn hands it to the child.
  const fd = (server as unknown as { _handle: { fd: number } })._handle.fd;
  return { port: address.port, fd, close: () => server.close() };
}

export interface WaitForHealthyOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Rejects or resolves early when the process under test is gone. */
  exited?: Promise<unknown>;
  /** Text for the error when `exited` settles first. */
  describeExit?: () => string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200, failing on timeout or when the process exits first. */
export async function waitForHealthy(url: string, options: WaitForHealthyOptions): Promise<void> {
  const { timeoutMs, intervalMs = 250, exited, describeExit } = options;
  const deadline = Date.now() + timeoutMs;
  let exitedFirst = false;
  void exited?.then(
    () => (exitedFirst = true),
    () => (exitedFirst = true),
  );
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exitedFirst) throw new Error(describeExit?.() ?? `The process exited before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.min(2_000, timeoutMs)) });
      await response.body?.cancel();
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(intervalMs);
  }
  if (exitedFirst) throw new Error(describeExit?.() ?? `The process exited before ${url} answered`);
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${lastProblem})`);
}

export interface StartedServer {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

export interface StartServerOptions {
  /** Repository root: the server is started from here, as `npm start` does. */
  root: string;
  healthTimeoutMs?: number;
  /** More environment for the server (the mail and SMS stubs' addresses). */
  env?: Record<string, string>;
  /** Environment that needs the server's own address (M-Pesa's callback base). */
  envFor?: (baseUrl: string) => Record<string, string>;
}

/** What tools/scripts/processes.mjs exports for the scripts that start the built server. */
interface ServerProcessSettings {
  SERVER_NODE_FLAGS: string[];
  SERVER_ENV: Record<string, string>;
}

/** Paths that must exist; `run-many -t build` creates them. */
export function missingBuildOutputs(root: string): string[] {
  return ['dist/apps/server/main.js', 'dist/apps/web/index.html'].filter((file) => !existsSync(join(root, file)));
}

function appendTail(tail: string, chunk: Buffer): string {
  const next = tail + chunk.toString('utf8');
  return next.length > OUTPUT_TAIL_CHARS ? next.slice(-OUTPUT_TAIL_CHARS) : next;
}

async function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the built server on a free port (bound here, so never raced for) with a fresh data folder (so the demo catalogue is seeded). */
export async function startServer({ root, healthTimeoutMs = 90_000, env: extraEnv = {}, envFor }: StartServerOptions): Promise<StartedServer> {
  const missing = missingBuildOutputs(root);
  if (missing.length > 0) {
    throw new Error(`Missing build output: ${missing.join(', ')}. Run: npx nx run-many -t build -p server,web`);
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'dealership-e2e-'));
  const socket = await bindFreePort();
  const { port } = socket;
  // Socket activation: the server listens on the socket bound here (descriptor 3); PORT makes its URLs.
  const env: NodeJS.ProcessEnv = { ...process.env, ...E2E_SERVER_ENV, PORT: String(port), HOST: E2E_HOST, LISTEN_FDS: '1', DATA_DIR: dataDir };
  delete env.LISTEN_PID;
  for (const key of INHERITED_KEYS_TO_DROP) delete env[key];
  Object.assign(env, extraEnv, envFor?.(`http://${E2E_HOST}:${port}`));

  // The process `npm start` becomes once its build step is done: the server's Node options and
  // malloc settings (tools/scripts/processes.mjs). Started here directly, not through start.mjs:
  // Node's process.execve, which start.mjs restarts itself with, does not pass descriptor 3 on
  // (tried: the restarted Node had its own epoll there), and start.mjs reads the developer's .env,
  // which the tests must not.
  const { SERVER_ENV, SERVER_NODE_FLAGS } = (await import(pathToFileURL(join(root, 'tools/scripts/processes.mjs')).href)) as ServerProcessSettings;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/apps/server/main.js'], {
    cwd: root,
    env: { ...SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe', socket.fd],
  });
  // Synchronously after the spawn: this process never accepts a connection on it.
  socket.close();
  let output = '';
  // Both pipes are drained so a chatty server never blocks on a full buffer.
  child.stdout?.on('data', (chunk: Buffer) => (output = appendTail(output, chunk)));
  child.stderr?.on('data', (chunk: Buffer) => (output = appendTail(output, chunk)));
  child.on('error', (error) => (output += `\n[spawn error] ${error.message}\n`));
  const exited = once(child, 'exit');

  const baseUrl = `http://${E2E_HOST}:${port}`;
  const stop = async () => {
    await stopProcess(child, 10_000);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealthy(`${baseUrl}/api/health`, {
      timeoutMs: healthTimeoutMs,
      exited,
      describeExit: () => `The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy. Its output:\n${output}`,
    });
  } catch (error) {
    await stop();
    if (error instanceof Error && !error.message.includes('Its output')) {
      error.message += `\nServer output:\n${output}`;
    }
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
