// Bundles the server: esbuild bundles our TypeScript (apps/server + libs) into one CommonJS file,
// with SWC transpiling each file first because Nest's dependency injection needs
// emitDecoratorMetadata, which esbuild does not emit. npm packages stay external (native
// modules such as sharp, argon2 and PGlite's wasm load from node_modules).
import { transform } from '@swc/core';
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outdir = join(root, 'dist/apps/server');
const tsconfig = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8'));
const aliases = Object.keys(tsconfig.compilerOptions.paths);

/** @type {import('esbuild').Plugin} */
const swcDecorators = {
  name: 'swc-decorators',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const { code, map } = await transform(source, {
        filename: args.path,
        sourceMaps: true,
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
      });
      const inlineMap = `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(map ?? '').toString('base64')}`;
      return { contents: code + inlineMap, loader: 'js' };
    });
  },
};

/** Keeps npm packages out of the bundle; workspace libraries (@dealership/*) go in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (aliases.includes(args.path) ? undefined : { path: args.path, external: true }));
  },
};

// The first lines of main.js: on an older Node the bundle would fail somewhere deep in a dependency
// (require() of an ES module needs 22.12), so it stops first and says which Node to use.
const nodeGuard = `'use strict';
{
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    console.error('dealership runs on Node.js 24 (22.12 at least); this is Node.js ' + process.versions.node + '. ' +
      'Start it with \`npm start\` (npm puts the Node 24 of node_modules/.bin first), or run node_modules/.bin/node dist/apps/server/main.js.');
    process.exit(78);
  }
}`;

const started = Date.now();
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'apps/server/src/main.ts')],
  outfile: join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  banner: { js: nodeGuard },
  sourcemap: true,
  keepNames: true,
  tsconfig: join(root, 'tsconfig.base.json'),
  // .tsx on the server: email templates (no decorators, so esbuild compiles them itself).
  jsx: 'automatic',
  plugins: [externalPackages, swcDecorators],
  logLevel: 'warning',
});
await cp(join(root, 'libs/server/db/migrations'), join(outdir, 'migrations'), { recursive: true });

// The embedded database's first state (initdb + these migrations), made here so that a first start
// unpacks it instead of running initdb (libs/server/db/src/data-dir-template.ts). Making it takes a
// few seconds, so it is kept in node_modules/.cache, keyed by the PGlite release, the migrations and
// the code that writes it: a rebuild after a code change (npm run dev) only copies it.
const templateSource = join(root, 'libs/server/db/src/data-dir-template.ts');
const templateKey = createHash('sha256');
templateKey.update(JSON.parse(await readFile(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
templateKey.update(await readFile(templateSource));
const migrationsDir = join(outdir, 'migrations');
for (const file of (await readdir(migrationsDir, { recursive: true })).sort()) {
  const path = join(migrationsDir, file);
  if ((await stat(path)).isFile()) templateKey.update(`${file}\0`).update(await readFile(path));
}
const cachedTemplate = join(root, 'node_modules/.cache/dealership-server', `pglite-template-${templateKey.digest('hex').slice(0, 16)}.tar.gz`);
if (!existsSync(cachedTemplate) || !existsSync(`${cachedTemplate}.json`)) {
  await mkdir(dirname(cachedTemplate), { recursive: true });
  const templateTool = join(outdir, 'write-data-dir-template.cjs');
  await build({
    stdin: {
      contents: `require(${JSON.stringify(templateSource)}).writeDataDirTemplate(process.argv[2], process.argv[3]).catch((e) => { console.error(e); process.exit(1); });`,
      resolveDir: root,
      loader: 'js',
    },
    outfile: templateTool,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    plugins: [externalPackages, swcDecorators],
    logLevel: 'warning',
  });
  execFileSync(process.execPath, [templateTool, cachedTemplate, migrationsDir], { stdio: 'inherit' });
  await rm(templateTool);
  // Drop the templates of other keys (made again if ever needed), but not one being written.
  for (const file of await readdir(dirname(cachedTemplate))) {
    const stale = file.startsWith('pglite-template-') && !file.endsWith('.partial') && !cachedTemplate.endsWith(file.replace(/\.json$/, ''));
    if (stale) await rm(join(dirname(cachedTemplate), file), { force: true });
  }
}
await cp(cachedTemplate, join(outdir, 'pglite-template.tar.gz'));
await cp(`${cachedTemplate}.json`, join(outdir, 'pglite-template.tar.gz.json'));
console.log(`server built in ${Date.now() - started} ms -> ${outdir}`);
