// `npm run test:affected`: lint, typecheck and unit + integration tests of the projects a change
// affects, and the typecheck of `web` and `web-trpc-client` (and of the web libs below them): they
// import the server's types only, so a server change does not make them affected, but their typecheck
// (inputs: the server's sources) must see it. Only their typecheck: their lint and tests do not read
// the server, and in a clone without the Nx cache they ran for nothing. Then the generators' end to
// end when the change reaches it.
// Affected = changed since the merge base with main, uncommitted and untracked files included.
// Pass-through to `nx show projects --affected`: `npm run test:affected -- --base=HEAD~1`;
// `-- --skip-nx-cache` goes to the runs.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nxEnv } from './nx-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const extra = process.argv.slice(2);
const runFlags = extra.filter((arg) => arg === '--skip-nx-cache');
const affectedFlags = extra.filter((arg) => arg !== '--skip-nx-cache');
const nx = (args) => spawnSync('npx', ['nx', ...args, '--outputStyle=static', ...runFlags], { cwd: root, stdio: 'inherit', env: nxEnv }).status ?? 1;

const started = Date.now();
const shown = spawnSync('npx', ['nx', 'show', 'projects', '--affected', '--json', ...affectedFlags], { cwd: root, encoding: 'utf8', env: nxEnv });
if (shown.status !== 0) {
  process.stderr.write(shown.stderr);
  process.exit(shown.status ?? 1);
}
const affected = JSON.parse(shown.stdout);
console.log(`affected: ${affected.join(', ') || 'nothing'}`);
let status = affected.length > 0 ? nx(['run-many', '-t', 'lint,typecheck,test', '-p', affected.join(',')]) : 0;
// A server change affects web-e2e (implicit dependencies on server and web), whose typecheck depends
// on web's, which depends on app-router's and the web libs': then the run above checked the web
// against the API already, and a second run would only repeat it (all of it with --skip-nx-cache).
const contract = affected.includes('web-e2e') ? [] : ['web-trpc-client', 'web'].filter((project) => !affected.includes(project));
if (status === 0 && contract.length > 0) status = nx(['run-many', '-t', 'typecheck', '-p', contract.join(',')]);
// The generators' end to end (minutes) when the change reaches them: after the rest, as in CI.
if (status === 0 && affected.includes('workspace-plugin-e2e')) status = nx(['run', 'workspace-plugin-e2e:e2e']);
console.log(`\nnpm run test:affected ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status);
