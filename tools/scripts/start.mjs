// `npm start`: builds the server and the web app if they are missing or out of date (Nx's cache
// makes an unchanged build a cache hit), then serves both from one Node process: this one, restarted
// with the server's Node options and environment (SERVER_NODE_FLAGS, SERVER_ENV).
import './env-file.mjs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nxEnv } from './nx-env.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

if (!process.argv.includes('--no-build')) {
  // Nx prints each build as it finishes: on a first start (about a minute on two cores) the
  // newcomer sees progress; later starts are cache hits and print one line each.
  console.log('Checking the build of the server and the web app (about a minute the first time, then cached)...');
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'server,web', '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: nxEnv,
  });
  if (build.status !== 0) {
    console.error('Build failed: run `npx nx run-many -t build -p server,web` to see why.');
    process.exit(build.status ?? 1);
  }
}

process.chdir(root);
const main = join(root, 'dist/apps/server/main.js');
// The server's Node options are taken only when Node starts: this process becomes that Node (same
// pid, so signals and the exit code are the server's), as `node <flags> main.js` would start.
// `npm run backup` / `npm run restore -- <archive>`: the words after the script's own flags go to the server.
const commandArgs = process.argv.slice(2).filter((arg) => arg !== '--no-build');
if (typeof process.execve === 'function') process.execve(process.execPath, [process.execPath, ...SERVER_NODE_FLAGS, main, ...commandArgs], { ...SERVER_ENV, ...process.env });
else createRequire(import.meta.url)(main);
