// `npm test`: lint, typecheck, unit + integration tests, the reliability suite (on PGlite) and the
// bundle check of every project, then the browser tests.
// Pass-through: `npm test -- --skip-nx-cache`.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nxEnv } from './nx-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const extra = process.argv.slice(2);
const run = (args) => spawnSync('npx', ['nx', ...args, '--outputStyle=static', ...extra], { cwd: root, stdio: 'inherit', env: nxEnv }).status ?? 1;

const started = Date.now();
let status = run(['run-many', '-t', 'lint,typecheck,test,reliability,bundle-check']);
if (status === 0) status = run(['run', 'web-e2e:e2e']);
console.log(`\nnpm test ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status);
