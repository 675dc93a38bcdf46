/**
 * The chunk of the page the server rendered, which the entry imports directly to hydrate it:
 * `boot.js`'s script element names it (`data-page-module`, the page's source as in Vite's manifest,
 * and `data-page`, its file), and has already asked for it and every chunk it imports
 * (`data-preload`). Undefined on the server, for a page rendered in the browser, and for any other
 * page: those load through `page-loaders.ts`.
 */
export function firstPageChunk(pageModule: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const boot = document.querySelector<HTMLScriptElement>('script[data-entry][data-page]');
  const file = boot?.dataset['page'];
  // Only a chunk of this site's build: the attribute is the server's, but the check costs nothing.
  return boot?.dataset['pageModule'] === pageModule && file !== undefined && /^\/assets\/[\w.-]+\.js$/.test(file) ? file : undefined;
}
