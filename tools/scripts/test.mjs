// `npm test`: lint (one ESLint process, tools/scripts/lint.mjs), then typecheck, unit + integration
// tests, the reliability suite (on PGlite) and the bundle check of every project, with the builds
// of the server and the web, then the browser tests on those builds.
// Pass-through to both Nx runs: `npm test -- --skip-nx-cache`.
// The browser tests' run leaves out their task dependencies (the two builds): the run before made
// them, or restored them from the cache, so `--skip-nx-cache` builds each once, not twice.
// Not here: the generator's end to end (`nx run workspace-plugin-e2e:e2e`, minutes): `.ci/run` runs it
// after this, CI on a pull request that affects it, `npm run test:affected` when it is affected.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nxEnv } from './nx-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const extra = process.argv.slice(2);
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: nxEnv }).status ?? 1;
const nx = (args) => run('npx', ['nx', ...args, '--outputStyle=static', ...extra]);

const started = Date.now();
let status = run(process.execPath, [join(root, 'tools/scripts/lint.mjs')]);
if (status === 0) status = nx(['run-many', '-t', 'typecheck,test,reliability,bundle-check,build']);
if (status === 0) status = nx(['run', 'web-e2e:e2e', '--excludeTaskDependencies']);
console.log(`\nnpm test ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status);
