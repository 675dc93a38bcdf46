// `npm run test:affected`: lint, typecheck and unit + integration tests of the projects a change
// affects, and of `web` and `web-trpc-client`: they import the server's types only, so a server
// change does not make them affected, but their typecheck (inputs: the server's sources) must see
// it; their other targets are cache hits then. One Nx run, so the tasks share the two cores.
// Affected = changed since the merge base with main, uncommitted and untracked files included.
// Pass-through to `nx show projects --affected`: `npm run test:affected -- --base=HEAD~1`;
// `-- --skip-nx-cache` goes to the run.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nxEnv } from './nx-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const extra = process.argv.slice(2);
const runFlags = extra.filter((arg) => arg === '--skip-nx-cache');
const affectedFlags = extra.filter((arg) => arg !== '--skip-nx-cache');

const started = Date.now();
const shown = spawnSync('npx', ['nx', 'show', 'projects', '--affected', '--json', ...affectedFlags], { cwd: root, encoding: 'utf8', env: nxEnv });
if (shown.status !== 0) {
  process.stderr.write(shown.stderr);
  process.exit(shown.status ?? 1);
}
const affected = JSON.parse(shown.stdout);
console.log(`affected: ${affected.join(', ') || 'nothing'}`);
const projects = [...new Set([...affected, 'web-trpc-client', 'web'])];
const status =
  spawnSync('npx', ['nx', 'run-many', '-t', 'lint,typecheck,test', '-p', projects.join(','), '--outputStyle=static', ...runFlags], {
    cwd: root,
    stdio: 'inherit',
    env: nxEnv,
  }).status ?? 1;
console.log(`\nnpm run test:affected ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status);
