import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { inlineScriptHashesOf, loadWebPages } from './web-app';

/** A built web app as Vite lays it out: index.html, hashed assets, the manifest. */
function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <title>Mombasa Car Dealership | Quality New &amp; Used Cars in Mombasa, Kenya</title>
    <meta
      name="description"
      data-static-seo
      content="Static description."
    />
    <script>document.documentElement.dataset.early = 'taps';</script>
    <!--app-config-->
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-react-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  writeFileSync(join(dir, 'assets/index-C.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'assets/CarsPage-D.css'), '.grid{display:grid}');
  writeFileSync(join(dir, 'assets/CarGrid-E.css'), '.card{border:0}');
  writeFileSync(join(dir, 'assets/Input-H.css'), '.input{padding:0}');
  writeFileSync(join(dir, 'assets/TradeInForm-I.css'), '.photos{gap:0}');
  const manifest = {
    'index.html': { file: 'assets/index-A.js', imports: ['_vendor-react-B.js'], css: ['assets/index-C.css'] },
    '_vendor-react-B.js': { file: 'assets/vendor-react-B.js' },
    'src/pages/CarsPage.tsx': { file: 'assets/CarsPage-F.js', imports: ['_vendor-react-B.js', 'index.html', '_CarGrid-G.js'], css: ['assets/CarsPage-D.css'] },
    '_CarGrid-G.js': { file: 'assets/CarGrid-G.js', imports: ['_vendor-react-B.js'], css: ['assets/CarGrid-E.css'] },
    'src/pages/ServicesPage.tsx': {
      file: 'assets/ServicesPage-J.js',
      imports: ['index.html'],
      dynamicImports: ['../../libs/lead/web/src/lib/trade-in/TradeInForm.tsx'],
    },
    '../../libs/lead/web/src/lib/trade-in/TradeInForm.tsx': {
      file: 'assets/TradeInForm-K.js',
      isDynamicEntry: true,
      imports: ['index.html', '_Input-L.js'],
      css: ['assets/TradeInForm-I.css'],
    },
    '_Input-L.js': { file: 'assets/Input-L.js', css: ['assets/Input-H.css'] },
  };
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('loadWebPages', () => {
  let dir: string;
  beforeAll(() => (dir = builtWebApp()));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = { dealerPhone: '+254 711 000 111', publicUrl: 'https://cars.example' };

  it("names the hash of each inline script of the built page (early-taps.js) for the pages' policy, and keeps the script on every page", () => {
    const pages = loadWebPages(dir, config);
    const code = "document.documentElement.dataset.early = 'taps';";
    expect(pages?.inlineScriptHashes).toEqual([`'sha256-${createHash('sha256').update(code).digest('base64')}'`]);
    expect(pages?.shell('n')).toContain(`<script>${code}</script>`);
    const rendered = pages?.rendered('n', { head: '<title>T</title>', body: '<main/>', state: '{}', pageModule: 'src/pages/CarsPage.tsx' });
    expect(rendered).toContain(`<script>${code}</script>`);
  });

  it("holds the first paint until the page's markup is parsed (the state script that follows it), so nothing moves as the rest arrives", () => {
    const rendered = loadWebPages(dir, config)?.rendered('n', { head: '<title>T</title>', body: '<main/>', state: '{}', pageModule: 'src/pages/CarsPage.tsx' }) ?? '';
    const head = rendered.slice(0, rendered.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#page-state" blocking="render">');
    expect(rendered).toContain('<script id="page-state" type="application/json">{}</script>');
    // The app's shell (rendered in the browser) has no state script to wait for.
    expect(loadWebPages(dir, config)?.shell('n')).not.toContain('rel="expect"');
  });

  it('hashes classic inline scripts only: not module scripts, JSON data or external scripts', () => {
    expect(
      inlineScriptHashesOf('<script type="module">a()</script><script id="x" type="application/json">{}</script><script src="/boot.js"></script>'),
    ).toEqual([]);
    expect(inlineScriptHashesOf('<script>a()</script><script>b()</script>')).toHaveLength(2);
  });

  it('is undefined when the web app is not built', () => {
    expect(loadWebPages(join(dir, 'missing'), config)).toBeUndefined();
  });

  it('serves the shell for the browser to render: static title, the stylesheet linked, the nonce and config injected, an empty root', () => {
    const html = loadWebPages(dir, config)?.shell('n1') ?? '';
    expect(html).toContain('<title>Mombasa Car Dealership | Quality New &amp; Used Cars in Mombasa, Kenya</title>');
    expect(html).toContain('<meta property="csp-nonce" nonce="n1" />');
    expect(html).toContain('<script id="app-config" type="application/json">{"dealerPhone":"+254 711 000 111","publicUrl":"https://cars.example"}</script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    expect(html).not.toContain('boot.js');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('page-state');
  });

  it('assembles a server-rendered page: its own head, every stylesheet it needs inline, its code after the page, markup and data in place', () => {
    const pages = loadWebPages(dir, config);
    const html =
      pages?.rendered('n2', {
        head: '<title>Cars | Mombasa Car Dealership</title><meta name="description" content="All cars"/>',
        body: '<main><h1>Cars</h1></main>',
        state: JSON.stringify({ queries: [{ name: '</script><script>alert(1)</script>' }] }),
        pageModule: 'src/pages/CarsPage.tsx',
      }) ?? '';
    const head = html.slice(0, html.indexOf('</head>'));
    // The page's title and description replace the static ones.
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Cars | Mombasa Car Dealership</title>');
    expect(head).not.toContain('Static description.');
    // No render-blocking stylesheet: the entry's, the page's and its imports' CSS are inline with the nonce, in order,
    // each named by a disabled link (never fetched), so the app's chunk loader does not add it again.
    const styles = [...head.matchAll(/<style nonce="n2">([^<]*)<\/style><link rel="stylesheet" href="([^"]+)" disabled>/g)].map((match) => [match[1], match[2]]);
    expect(styles).toEqual([
      ['body{margin:0}', '/assets/index-C.css'],
      ['.grid{display:grid}', expect.stringMatching(/^\/assets\/.+\.css$/)],
      ['.card{border:0}', expect.stringMatching(/^\/assets\/.+\.css$/)],
    ]);
    expect([...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].every(([link]) => link.endsWith(' disabled>'))).toBe(true);
    // No code competes with the page's images: nothing is preloaded, and boot.js starts the entry once the page has loaded,
    // asking at once for the page's chunk and every chunk the entry and the page import (the entry's own file aside).
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('type="module"');
    expect(head).toContain(
      '<script src="/boot.js" data-entry="/assets/index-A.js" data-page-module="src/pages/CarsPage.tsx" data-page="/assets/CarsPage-F.js"' +
        ' data-preload="/assets/vendor-react-B.js /assets/CarsPage-F.js /assets/CarGrid-G.js" defer></script>',
    );
    expect(head).toContain('<meta property="csp-nonce" nonce="n2" />');
    // The markup, then its data, which cannot close its script element.
    expect(html).toContain('<div id="root"><main><h1>Cars</h1></main></div>');
    expect(html).toContain(
      '<script id="page-state" type="application/json">{"queries":[{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}]}</script>',
    );
    expect(html).not.toContain('nonce="\u0000');
  });

  it('inlines the styles of the deferred components the page rendered, whose code comes after the page', () => {
    const page = { head: '<title>Our Services</title>', body: '<main></main>', state: '{}', pageModule: 'src/pages/ServicesPage.tsx' };
    const pages = loadWebPages(dir, config);
    const stylesOf = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<style nonce="n3">([^<]*)<\/style>/g)].map((match) => match[1]);
    expect(stylesOf(pages?.rendered('n3', page) ?? '')).toEqual(['body{margin:0}']);
    expect(stylesOf(pages?.rendered('n3', { ...page, deferredChunks: ['libs/lead/web/src/lib/trade-in/TradeInForm.tsx'] }) ?? '')).toEqual([
      'body{margin:0}',
      '.photos{gap:0}',
      '.input{padding:0}',
    ]);
    // A component moved without its source updated is an error (the server then sends the page for the browser to render), not a form without styles.
    expect(() => pages?.rendered('n3', { ...page, deferredChunks: ['libs/lead/web/src/lib/trade-in/Moved.tsx'] })).toThrow(
      "Vite's manifest has no chunk for the deferred component libs/lead/web/src/lib/trade-in/Moved.tsx",
    );
  });
});
