// `npm run lint` and `npm test`'s lint: one ESLint process over the workspace, with ESLint's cache,
// instead of one `@nx/eslint:lint` task per project (each loading the config and the plugins again);
// then the docs' links (tools/scripts/check-links.mjs, the `docs` project's lint: under a second).
// Every project's own `lint` target stays for `test:affected`, CI's affected run and
// `npx nx run <project>:lint`.
//
// The module boundaries (@nx/enforce-module-boundaries) read Nx's project graph from its cache and
// are skipped, with a warning, when there is none (a fresh clone): so the graph is computed first.
// ESLint's cache keeps a file's result while the file and the config are unchanged (content
// strategy: a fresh clone or a `touch` does not lint again), but a boundary verdict also depends on
// the projects around the file (their tags, roots and entry points): the cache file is named after a
// hash of every project.json, tsconfig.base.json, nx.json and the lockfile, so a change to one of
// them lints everything again.
import { createProjectGraphAsync } from '@nx/devkit';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(root);

const projectFiles = ['apps', 'libs', 'tools']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)))
  .filter((file) => !file.split('/').includes('node_modules') && file.endsWith('/project.json'))
  .sort();
const key = createHash('sha256');
for (const file of [...projectFiles, 'tsconfig.base.json', 'nx.json', 'package-lock.json']) key.update(file).update('\0').update(readFileSync(file));

await createProjectGraphAsync({ exitOnError: true });

// Only the current cache is kept: the others belong to project settings that are gone.
const cacheDir = 'node_modules/.cache/eslint';
const cacheFile = `${key.digest('hex').slice(0, 16)}.json`;
mkdirSync(cacheDir, { recursive: true });
for (const file of readdirSync(cacheDir)) if (file !== cacheFile) rmSync(join(cacheDir, file), { force: true });

const eslint = new ESLint({
  cache: true,
  cacheLocation: join(cacheDir, cacheFile),
  cacheStrategy: 'content',
});
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const output = await formatter.format(results);
if (output) console.log(output);
const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
console.log(`lint: ${results.length} files, ${errors} errors`);
const links = spawnSync(process.execPath, [join(root, 'tools/scripts/check-links.mjs')], { stdio: 'inherit' }).status ?? 1;
process.exit(errors > 0 || links !== 0 ? 1 : 0);
