// The API in development: rebuilds the server bundle when a server source changes and restarts it
// (a clean stop first, so the PGlite data folder lock is released before the next start).
import { spawn, spawnSync } from 'node:child_process';
import { watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
let server;
let timer;

function build() {
  return spawnSync('node', [join(root, 'tools/build/build-server.mjs')], { cwd: root, stdio: 'inherit' }).status === 0;
}

function start() {
  server = spawn('node', ['--enable-source-maps', join(root, 'dist/apps/server/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
  });
}

function restart() {
  if (!build()) return;
  if (!server || server.exitCode !== null) return start();
  server.once('exit', start);
  server.kill('SIGTERM');
}

restart();
for (const dir of ['apps/server/src', 'libs']) {
  watch(join(root, dir), { recursive: true }, (_event, file) => {
    if (!file || !/\.ts$/.test(file) || /(^|[\\/])(web|schemas[\\/]src[\\/].*\.spec)[\\/]/.test(file) || file.includes(`${'web'}/`)) return;
    clearTimeout(timer);
    timer = setTimeout(restart, 200);
  });
}
process.on('SIGTERM', () => server?.kill('SIGTERM'));
process.on('SIGINT', () => server?.kill('SIGTERM'));
