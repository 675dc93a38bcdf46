import type { AppConfig } from '@dealership/server-core';
import type { TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A page rendered by the web app's server entry (`apps/web/src/entry-server.tsx`). */
export interface RenderedPage {
  /** Elements for `<head>`: title, description, canonical link, Open Graph, image preloads. */
  head: string;
  /** The app's markup for `#root`. */
  body: string;
  /** The query cache the page was rendered with, as JSON. */
  state: string;
  /** The key of the page's chunk in Vite's manifest (`src/pages/CarsPage.tsx`). */
  pageModule: string;
  /**
   * The source files (from the repository's root) of the deferred components the page rendered
   * (`deferredComponent` in web-ui): their chunks come after the page's, their styles with it.
   */
  deferredChunks?: string[];
}

/** The web app's server entry, as built by `vite build --ssr` into `dist/apps/web-ssr`. */
export interface WebRenderer {
  render(
    url: string,
    options: { config: Pick<AppConfig, 'dealerPhone' | 'publicUrl'>; styleNonce: string; trpcLink: TRPCLink<AnyRouter>; timeoutMs?: number },
  ): Promise<RenderedPage | undefined>;
}

/** The server renderer next to the built web app (`<webDistDir>/../web-ssr`), or undefined when it is not built. */
export async function loadWebRenderer(webDistDir: string): Promise<WebRenderer | undefined> {
  const file = join(webDistDir, '..', 'web-ssr', 'entry-server.mjs');
  if (!existsSync(file)) return undefined;
  // An ES module, loaded from this CommonJS bundle by a real dynamic import.
  return (await import(pathToFileURL(file).href)) as WebRenderer;
}

/** The parts of the built web app a page is made from. */
export interface WebPages {
  /** The CSP sources (`'sha256-...'`) of the page's inline scripts, which the pages' policy allows. */
  inlineScriptHashes: readonly string[];
  /** The page the browser renders itself (the cart, sign-in, the dashboards; any page when server rendering failed). */
  shell(styleNonce: string): string;
  /** A page rendered on the server, with its head, markup, data and its chunk's styles; its code loads after the page. */
  rendered(styleNonce: string, page: RenderedPage): string;
}

interface ManifestChunk {
  file: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** `<` escaped so a `<script>`'s JSON can never close the tag. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');
const attributeSafe = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const NONCE_SLOT = '\u0000nonce\u0000';
/** Where a server-rendered page names its chunks on boot.js's script element. */
const BOOT_SLOT = '\u0000boot\u0000';
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * The built web app's entry page with the runtime configuration injected, or undefined when not
 * built. The page carries its style nonce in `<meta property="csp-nonce">` (Vite's convention),
 * where the app finds it for the `<style>` elements Mantine adds at run time.
 *
 * A server-rendered page differs from the shell in four ways: its head holds the page's own title
 * and meta (the static ones are dropped); the stylesheets are inlined, the entry's and the page
 * chunk's, so no CSS blocks the first paint; the app's code starts loading only once the page has
 * loaded (`boot.js`); and `#root` holds the markup, followed by the data it was rendered with.
 */
export function loadWebPages(webDistDir: string, config: Pick<AppConfig, 'dealerPhone' | 'publicUrl'>): WebPages | undefined {
  const file = join(webDistDir, 'index.html');
  if (!existsSync(file)) return undefined;
  const json = scriptSafe(JSON.stringify({ dealerPhone: config.dealerPhone, publicUrl: config.publicUrl }));
  const html = readFileSync(file, 'utf8').replace(
    '<!--app-config-->',
    `<meta property="csp-nonce" nonce="${NONCE_SLOT}" />\n    <script id="app-config" type="application/json">${json}</script>`,
  );
  const withNonce = (text: string, nonce: string) => text.split(NONCE_SLOT).join(nonce);

  const manifestFile = join(webDistDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const readAsset = (path: string) => readFileSync(join(webDistDir, path), 'utf8');
  /**
   * A stylesheet inlined, and named by a disabled `<link>` (which the browser does not fetch): Vite's
   * loader of a lazy chunk adds a `<link>` for each stylesheet the chunk needs unless one with that
   * address is on the page. Without the name it added the inlined ones again: a second download, and
   * the entry's (Mantine's own rules) placed after the page's, overriding them (the home page's
   * heading grew as the page's code ran: CLS 0.037).
   */
  const inlineStyle = (path: string) => `<style nonce="${NONCE_SLOT}">${readAsset(path)}</style><link rel="stylesheet" href="/${path}" disabled>`;

  const rendered = html
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"\s+data-static-seo[\s\S]*?\/>/, '')
    .replace(STYLESHEET_LINK, (_link, path: string) => inlineStyle(path))
    // The page is readable before its code arrives: its images (the largest one preloaded at high
    // priority) load first, and `boot.js` (apps/web/public) starts the app's module once the page
    // has loaded. So nothing is preloaded, and the entry is named, not loaded; with it the page's
    // chunk and every chunk the page runs, which boot.js asks for together with the entry.
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]*">/g, '')
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, `<script src="/boot.js" data-entry="$1"${BOOT_SLOT} defer></script>`);
  const [beforeHeadEnd, afterHeadEnd] = rendered.split('</head>');
  const [beforeRoot, afterRoot] = afterHeadEnd.split('<div id="root"></div>');

  // What the entry already loads: its own chunk, its imports and its styles.
  const entryFiles = new Set<string>();
  const collect = (key: string, files: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((path) => css.add(path));
    chunk.imports?.forEach((imported) => collect(imported, files, css));
  };
  const entryCss = new Set<string>();
  collect('index.html', entryFiles, entryCss);

  /**
   * The manifest key of a deferred component's chunk. Keys are relative to the web app's folder
   * (`../../libs/lead/web/src/lib/trade-in/TradeInForm.tsx`), sources to the repository's root.
   */
  const deferredKey = (source: string) => Object.keys(manifest).find((key) => manifest[key].isDynamicEntry && (key === source || key.endsWith(`/${source}`)));

  /**
   * boot.js's attributes for a page: its chunk, which the entry imports to hydrate it (the entry's
   * lazy page loaders, with Vite's lists of every page's chunks, come later: apps/web/src/app/first-page.ts),
   * and the chunks to ask for with the entry: the entry's imports, the page's chunk and its imports.
   */
  const bootAttributes = new Map<string, string>();
  const bootAttributesOf = (pageModule: string) => {
    let attributes = bootAttributes.get(pageModule);
    if (attributes === undefined) {
      const files = new Set<string>();
      const css = new Set<string>();
      for (const file of entryFiles) files.add(file);
      collect(pageModule, files, css);
      const entry = manifest['index.html']?.file;
      const preload = [...files].filter((file) => file !== entry && file.endsWith('.js')).map((file) => `/${file}`);
      const page = manifest[pageModule]?.file;
      attributes =
        (page === undefined ? '' : ` data-page-module="${attributeSafe(pageModule)}" data-page="/${attributeSafe(page)}"`) +
        (preload.length > 0 ? ` data-preload="${attributeSafe(preload.join(' '))}"` : '');
      bootAttributes.set(pageModule, attributes);
    }
    return attributes;
  };

  /** Per page module and deferred components: the styles of their chunks and the chunks they import, inlined. */
  const pageAssets = new Map<string, string>();
  const assetsOf = (pageModule: string, deferredChunks: readonly string[] = []) => {
    const cacheKey = [pageModule, ...deferredChunks].join('\n');
    let assets = pageAssets.get(cacheKey);
    if (assets === undefined) {
      const files = new Set<string>();
      const css = new Set<string>();
      collect(pageModule, files, css);
      for (const source of deferredChunks) {
        const key = deferredKey(source);
        // A component moved without its `source` updated: its styles would arrive late, after a flash of the unstyled form.
        if (key === undefined) throw new Error(`Vite's manifest has no chunk for the deferred component ${source}`);
        collect(key, files, css);
      }
      assets = [...css]
        .filter((path) => !entryCss.has(path))
        .map((path) => inlineStyle(path))
        .join('\n    ');
      pageAssets.set(cacheKey, assets);
    }
    return assets;
  };

  /**
   * The browser paints a page while it is still parsing it: a paint between the header's logo and
   * its buttons showed the nav at the right, then moved it to the middle as the rest arrived (CLS
   * 0.01, 1 load in 6 in the browser test); inside the page the home's search card and a brand's
   * logo moved the same way. The first paint waits until the page's markup is parsed (the state
   * script follows it): 12-15 kB gzip more before it on a 25 kB page, for a page drawn whole
   * (`rel=expect`, render-blocking; where unsupported, ignored).
   */
  const drawnWhole = '<link rel="expect" href="#page-state" blocking="render">';

  return {
    inlineScriptHashes: inlineScriptHashesOf(html),
    shell: (nonce) => withNonce(html, nonce),
    rendered: (nonce, page) =>
      withNonce(`${beforeHeadEnd.replace(BOOT_SLOT, bootAttributesOf(page.pageModule))}  ${assetsOf(page.pageModule, page.deferredChunks)}\n    `, nonce) +
      `${page.head}\n    ${drawnWhole}\n  </head>` +
      withNonce(beforeRoot, nonce) +
      `<div id="root">${page.body}</div>\n    <script id="page-state" type="application/json">${scriptSafe(page.state)}</script>` +
      afterRoot,
  };
}

/** The CSP hash sources of the classic inline scripts (`<script>` without attributes) in `html`. */
export function inlineScriptHashesOf(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
}

const SERVER_PREFIXES = ['/api/', '/trpc/', '/media/'];

/** Whether a request that matched no route should get the web app (client-side routes) rather than a 404. */
export function isClientRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0];
  if (path === '/api' || path === '/trpc' || SERVER_PREFIXES.some((p) => path.startsWith(p))) return false;
  // A missing file ("/logo.png") is a real 404, not a page.
  return !/\.[a-z0-9]{1,8}$/i.test(path);
}
