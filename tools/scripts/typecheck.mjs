// `typecheck` of one project (its Nx target: `node tools/scripts/typecheck.mjs <projectRoot>`), or of
// every project (`--all`), so that each file is checked once however many projects import it.
//
// A project's own tsconfig.json imports the other libs' sources through tsconfig.base.json's paths:
// fine in an editor, but as 59 separate programs it checked the server's sources again for every web
// project that imports the AppRouter type, and each shared lib for every dependant. Here each project
// gets a generated config (tmp/typecheck/<project name>/tsconfig.json) that extends its own, is
// `composite` (declarations only, into the same folder) and references the projects it imports; then
// TypeScript 7's native compiler checks the project against its references' declarations. The
// references come from the imports themselves (`@dealership/...`, type-only ones included), so a new
// project or a new import needs no hand-kept list: web-trpc-client's `import type { AppRouter }` makes app-router, and through it
// every server lib, a reference of the web.
// The Nx target runs the projects' typechecks in dependency order (`^typecheck`, and app-router's
// before the web's), and its hash takes in the declarations of everything below the project (nx.json:
// `dependentTasksOutputFiles`), so a change to the API's types re-checks every web lib that uses them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = 'tmp/typecheck';
const tsc = join(root, 'node_modules/typescript-native/bin/tsc');

/** Files under `dir` (relative to the workspace), node_modules left out. (fs.globSync needs Node 22; this runs on 20 too.) */
const filesUnder = (dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => !file.split('/').includes('node_modules'))
        .map((file) => join(dir, file))
    : [];

/** Project roots (folders holding a project.json and a tsconfig.json), longest first for matching. */
const projectRoots = ['apps', 'libs', 'tools']
  .flatMap(filesUnder)
  .filter((file) => file.endsWith('/project.json'))
  .map((file) => dirname(file))
  .filter((dir) => existsSync(join(root, dir, 'tsconfig.json')))
  .sort((a, b) => b.length - a.length);
/** The project's Nx name: its folder under tmp/typecheck (flat, so no project's output holds another's). */
const nameOf = (dir) => JSON.parse(readFileSync(join(root, dir, 'project.json'), 'utf8')).name;
const ownerOf = (file) => projectRoots.find((dir) => file === dir || file.startsWith(`${dir}/`));

/** `@dealership/x` (and `@dealership/x/testing`) -> the project holding its entry file. */
const paths = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')).compilerOptions.paths;
const aliases = new Map(Object.entries(paths).map(([alias, [target]]) => [alias, ownerOf(relative(root, join(root, target)))]));

// An import, export or require at the start of a line: not the import statements that the generator's
// code and tests hold in strings.
const IMPORT =
  /^\s*(?:import|export)\b[^'"`;=(]*?['"](@dealership\/[\w-]+(?:\/[\w-]+)?)['"]|\b(?:import|require)\(\s*['"](@dealership\/[\w-]+(?:\/[\w-]+)?)['"]/gm;

/**
 * The files a project's tsconfig takes in: its own sources (`src/**\/*.ts` and the like), and single
 * files it includes (`vite.config.ts`, `../../tools/jest/web-setup.ts`).
 */
function sourcesOf(dir) {
  const config = JSON.parse(readFileSync(join(root, dir, 'tsconfig.json'), 'utf8'));
  return (config.include ?? []).flatMap((pattern) => {
    const wildcard = pattern.match(/^(.*?)\/\*\*\/\*(\.[\w.]+)$/);
    if (!wildcard) return existsSync(join(root, dir, pattern)) ? [relative(root, join(root, dir, pattern))] : [];
    return filesUnder(relative(root, join(root, dir, wildcard[1]))).filter((file) => file.endsWith(wildcard[2]));
  });
}

const referencesCache = new Map();
function referencesOf(dir) {
  if (!referencesCache.has(dir)) {
    const found = new Set();
    for (const file of sourcesOf(dir)) {
      for (const [, statement, call] of readFileSync(join(root, file), 'utf8').matchAll(IMPORT)) {
        const target = aliases.get(statement ?? call);
        if (target && target !== dir) found.add(target);
      }
    }
    referencesCache.set(dir, [...found].sort());
  }
  return referencesCache.get(dir);
}

/** Writes the file only when its content changes: `tsc -b` takes a newer tsconfig for a changed project. */
function writeIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** Writes the generated config of `dir` and of everything it references; returns its path. */
function writeConfig(dir, seen = new Set(), chain = []) {
  if (chain.includes(dir)) throw new Error(`Import cycle between projects: ${[...chain, dir].join(' -> ')}`);
  const folder = join(root, OUT, nameOf(dir));
  const config = join(folder, 'tsconfig.json');
  if (seen.has(dir)) return config;
  seen.add(dir);
  const references = referencesOf(dir).map((target) => ({ path: relative(folder, writeConfig(target, seen, [...chain, dir])) }));
  const content = {
    extends: relative(folder, join(root, dir, 'tsconfig.json')),
    compilerOptions: {
      composite: true,
      declaration: true,
      emitDeclarationOnly: true,
      declarationMap: false,
      sourceMap: false,
      outDir: '.',
      tsBuildInfoFile: './tsconfig.tsbuildinfo',
    },
    references,
  };
  writeIfChanged(config, `${JSON.stringify(content, null, 2)}\n`);
  return config;
}

const args = process.argv.slice(2);
const all = args.includes('--all');
const requested = all ? projectRoots : args.filter((arg) => !arg.startsWith('--')).map((arg) => relative(root, resolve(root, arg)));
for (const dir of requested) {
  if (!projectRoots.includes(dir)) {
    console.error(`typecheck: ${dir} is not a project with a tsconfig.json`);
    process.exit(2);
  }
}
const seen = new Set();
const configs = requested.map((dir) => relative(root, writeConfig(dir, seen)));
const tscFlags = args.filter((arg) => arg.startsWith('--') && arg !== '--all');
// `--all`: `tsc -b` builds every project in dependency order, each once. One project (the Nx
// target): `tsc -p` checks that project alone against its references' declarations, which the
// typecheck tasks it depends on have just written or restored from the cache (a missing one is an
// error, TS6305, never a silent rebuild); Nx decides when it runs, not tsc -b's timestamps.
const command = all ? ['-b', ...configs] : configs.flatMap((config) => ['-p', config]);
if (!all && configs.length > 1) {
  console.error('typecheck: one project at a time, or --all');
  process.exit(2);
}
const result = spawnSync(process.execPath, [tsc, ...command, ...tscFlags], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
