// `npm run test:affected`: lint, typecheck and unit + integration tests of the projects a change
// affects, then the typecheck of the web against the API contract (`web`, `web-trpc-client`: they
// import the server's types only, so a server change does not make them affected; cached otherwise).
// Affected = changed since the merge base with main, uncommitted and untracked files included.
// Pass-through to `nx affected`: `npm run test:affected -- --base=HEAD~1`, `-- --skip-nx-cache`.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nxEnv } from './nx-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const extra = process.argv.slice(2);
const run = (args) => spawnSync('npx', ['nx', ...args, '--outputStyle=static'], { cwd: root, stdio: 'inherit', env: nxEnv }).status ?? 1;

const started = Date.now();
let status = run(['affected', '-t', 'lint,typecheck,test', ...extra]);
const passThrough = extra.filter((arg) => arg === '--skip-nx-cache');
if (status === 0) status = run(['run-many', '-t', 'typecheck', '-p', 'web-trpc-client,web', ...passThrough]);
console.log(`\nnpm run test:affected ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status);
