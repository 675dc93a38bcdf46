// Bundles the server: esbuild bundles our TypeScript (apps/server + libs) into one CommonJS file,
// with SWC transpiling each file first because Nest's dependency injection needs
// emitDecoratorMetadata, which esbuild does not emit. npm packages stay external (native
// modules such as sharp, argon2 and PGlite's wasm load from node_modules).
import { transform } from '@swc/core';
import { build } from 'esbuild';
import { cp, readFile, rm } from 'node:fs/promises';
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

const started = Date.now();
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'apps/server/src/main.ts')],
  outfile: join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  keepNames: true,
  tsconfig: join(root, 'tsconfig.base.json'),
  plugins: [externalPackages, swcDecorators],
  logLevel: 'warning',
});
await cp(join(root, 'libs/server/db/migrations'), join(outdir, 'migrations'), { recursive: true });
console.log(`server built in ${Date.now() - started} ms -> ${outdir}`);
