import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The one web-side file that reads process.env (house style principle 4).
const apiPort = process.env.API_PORT ?? '3000';
const apiTarget = `http://localhost:${apiPort}`;

/**
 * In production the server replaces `<!--app-config-->` in index.html with the runtime config.
 * The dev server has no such server in front of it, so this plugin injects the same tag.
 */
function devAppConfig(): Plugin {
  return {
    name: 'dealership:dev-app-config',
    apply: 'serve',
    transformIndexHtml(html) {
      const config = {
        dealerPhone: process.env.DEALER_PHONE ?? '+254 700 000 000',
        publicUrl: process.env.PUBLIC_URL ?? apiTarget,
      };
      const json = JSON.stringify(config).replace(/</g, '\\u003c');
      return html.replace('<!--app-config-->', `<script id="app-config" type="application/json">${json}</script>`);
    },
  };
}

/**
 * Inlines `src/early-taps.js` into the page's head (`<!--early-taps-->` in index.html): it must run
 * before anything else, without a request of its own. The server puts its hash in the pages'
 * Content-Security-Policy (`loadWebPages` hashes every inline script of the built page).
 */
function inlineEarlyTaps(): Plugin {
  const source = fileURLToPath(new URL('./src/early-taps.js', import.meta.url));
  return {
    name: 'dealership-inline-early-taps',
    transformIndexHtml(html) {
      // Comments and the type-checking pragma stay in the repository, not in every page.
      const code = readFileSync(source, 'utf8')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/\n{2,}/g, '\n')
        .trim();
      return html.replace('<!--early-taps-->', `<script>${code}</script>`);
    },
  };
}

/**
 * Vendor groups: stable, cacheable chunks of code every page runs. Mantine is deliberately not a
 * group: a group takes every module that matches, so the admin screens' components (tables,
 * modals, file inputs) would ride along on the home page. Its modules follow the chunks using them.
 */
const vendorChunks = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
  { name: 'vendor-data', test: /[\\/]node_modules[\\/](@trpc|@tanstack)[\\/]/ },
  // Everything else the entry needs (the Mantine core, the shell), as one chunk rather than a
  // dozen small shared ones: fewer requests, better compression, less import glue.
  { name: 'app-shell', tags: ['$initial' as const] },
];

/** The chunks the entry imports itself (the vendor groups and Rolldown's runtime). */
const ENTRY_CHUNK = /(^|\/)(vendor-react|vendor-data|rolldown-runtime)-[\w-]+\.js$/;

/** Chunks of a lib's `src/index.ts` are named after the lib (`car-web`) rather than "src". */
function chunkFileName(chunk: { name: string; facadeModuleId: string | null }): string {
  const lib = /[\\/]libs[\\/]([^\\/]+)[\\/]([^\\/]+)[\\/]src[\\/]index\.tsx?$/.exec(chunk.facadeModuleId ?? '');
  return `assets/${lib ? `${lib[1]}-${lib[2]}` : '[name]'}-[hash].js`;
}

// The server's paths the dev server passes on (`/feeds`: the ads catalogue, whose address the back office shows).
const proxied = ['/api', '/trpc', '/media', '/sitemap.xml', '/robots.txt', '/feeds'];

/**
 * `vite build --ssr src/entry-server.tsx`: the server's renderer of the public pages (docs/architecture.md,
 * "Server-side rendering"), an ES module for Node in its own folder (never served to browsers).
 * npm packages stay external and load from node_modules; CSS files are the browser build's.
 */
const ssrBuild = {
  outDir: '../../dist/apps/web-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node24',
  sourcemap: true,
  rolldownOptions: {
    output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir: '../../node_modules/.vite/apps/web',
  plugins: [
    react(),
    devAppConfig(),
    inlineEarlyTaps(),
    // The browser build's scripts, styles and SVGs also as .br (Brotli at its best quality) and .gz,
    // which the server sends as they are (@fastify/static's preCompressed): 13-15% fewer bytes than
    // the server's on-the-fly Brotli (quality 4, chosen for speed), at no cost per request.
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
            include: /\.(js|css|svg|json)$/,
            threshold: 1024,
            logLevel: 'silent',
          }),
        ]),
  ],
  resolve: { tsconfigPaths: true },
  // The server renderer bundles Mantine and the icons, tree-shaken: as external packages Node loaded
  // 848 of @mantine/core's ES modules one by one and kept their sources (docs/speed.md, "Memory").
  ssr: { noExternal: [/^@mantine\//, /^@tabler\//] },
  server: {
    port: 4200,
    host: 'localhost',
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    port: 4300,
    host: 'localhost',
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: '../../dist/apps/web',
        emptyOutDir: true,
        target: 'baseline-widely-available',
        // Maps for error reporting, without advertising them to every visitor.
        sourcemap: 'hidden',
        reportCompressedSize: true,
        // Read by tools/scripts/check-bundle.mjs to size what each route loads.
        manifest: true,
        modulePreload: {
          // Every browser of the build's target supports modulepreload: Vite's polyfill for it was
          // 0.3 kB of every page's entry that never ran.
          polyfill: false,
          // A lazy chunk's preload list names each chunk it needs; the vendor chunks and the runtime
          // are the entry's own imports, loaded before any lazy chunk is asked for.
          resolveDependencies: (_file, deps) => deps.filter((dep) => !ENTRY_CHUNK.test(dep)),
        },
        rolldownOptions: {
          // Schema, model and util libs only declare values. Marking them side-effect free lets a page that
          // imports a constant (`HOME_SHOWCASE_SIZE`) leave the zod schemas, and zod, out of its chunk.
          // Web feature and UI libs only declare components: a route chunk that re-exports one page of a
          // lib (`export { CarsPage } from '@dealership/car-web'`) then leaves the lib's other pages out.
          treeshake: {
            moduleSideEffects: [
              { test: /[\\/]libs[\\/][^\\/]+[\\/](schemas|model|util)[\\/]src[\\/]/, sideEffects: false },
              { test: /[\\/]libs[\\/][^\\/]+[\\/](web|ui)[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
              // The session lib only declares hooks and helpers: the entry keeps the ones the shell uses.
              { test: /[\\/]libs[\\/]web[\\/]session[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
            ],
          },
          output: {
            codeSplitting: { groups: vendorChunks },
            chunkFileNames: chunkFileName,
          },
        },
      },
}));
