// Helpers shared by the scripts that start the built server (benchmarks, Lighthouse).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The Node options the server runs with (docs/speed.md, "Memory"): a young generation of at most
 * 2 x 8 MB (Node 24's default grew to 2 x 64 MB under load and kept it: 100+ MB of an idle server);
 * the old generation collected once it has grown 30% past what the last collection kept (V8 lets it
 * grow to 4x on a machine with memory to spare: a server that had served the catalogue held
 * 140-190 MB of heap for 50-60 MB of live objects, and getAll-car x20 then peaked at 387-396 MB
 * against 284-301); and `gc` for the server's idle trim. Node reads them only as it starts (its
 * command line; V8's heap options are not taken from NODE_OPTIONS):
 * `node --max-semi-space-size=8 --heap-growing-percent=30 --expose-gc dist/apps/server/main.js`.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=30', '--expose-gc'];

/**
 * The environment the server runs with unless the caller's says otherwise: glibc's malloc with two
 * arenas instead of one per thread. libvips (the pictures) and V8's compilers (PGlite's WebAssembly)
 * allocate on many threads, and each arena kept what they freed: idle after the public pages and
 * their pictures, 478 -> 322 MB on the embedded database, 234 -> 195 MB on PostgreSQL. The mmap and
 * trim thresholds fixed at 128 KB (glibc raises both after the first large free, then keeps freed
 * buffers of pictures and compressors): embedded idle 256-270 -> 233-236 MB.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

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
