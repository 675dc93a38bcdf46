// Helpers shared by the scripts that start the built server (benchmarks, Lighthouse).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on now (a server on a fixed port could be another one, measured in our place). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Stops a child process: SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
export const stopChild = (child, graceMs = 10_000) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** Builds the server and the web app through Nx (a cache hit when nothing changed); exits when the build fails. */
export function buildServerAndWeb(root, scriptName) {
  console.log('building server and web (Nx, cached) ...');
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--projects=server,web', '--outputStyle=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (build.status !== 0) {
    console.error(`${scriptName}: the build failed`);
    process.exit(1);
  }
}
