import type { AppConfig } from '@dealership/server-core';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The entry page for one answer, given the nonce its Content-Security-Policy allows styles with. */
export type IndexPage = (styleNonce: string) => string;

/**
 * The built web app's entry page with the runtime configuration injected, or undefined when not
 * built. The page also carries its style nonce in `<meta property="csp-nonce">` (Vite's
 * convention), where the app finds it for the `<style>` elements Mantine adds at run time.
 */
export function loadIndexHtml(webDistDir: string, config: Pick<AppConfig, 'dealerPhone' | 'publicUrl'>): IndexPage | undefined {
  const file = join(webDistDir, 'index.html');
  if (!existsSync(file)) return undefined;
  const json = JSON.stringify({ dealerPhone: config.dealerPhone, publicUrl: config.publicUrl }).replace(/</g, '\\u003c');
  const nonceSlot = '\u0000nonce\u0000';
  const html = readFileSync(file, 'utf8').replace(
    '<!--app-config-->',
    `<meta property="csp-nonce" nonce="${nonceSlot}" />\n    <script id="app-config" type="application/json">${json}</script>`,
  );
  // Split once at start: each answer only joins three strings.
  const [beforeNonce, afterNonce] = html.split(nonceSlot);
  return afterNonce === undefined ? () => html : (styleNonce) => beforeNonce + styleNonce + afterNonce;
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
