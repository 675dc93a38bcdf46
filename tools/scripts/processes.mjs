// Helpers shared by the scripts that start the built server (benchmarks, Lighthouse).
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
