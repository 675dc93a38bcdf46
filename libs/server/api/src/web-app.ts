import type { AppConfig } from '@dealership/server-core';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built web app's entry page with the runtime configuration injected, or undefined when not built. */
export function loadIndexHtml(webDistDir: string, config: Pick<AppConfig, 'dealerPhone' | 'publicUrl'>): string | undefined {
  const file = join(webDistDir, 'index.html');
  if (!existsSync(file)) return undefined;
  const json = JSON.stringify({ dealerPhone: config.dealerPhone, publicUrl: config.publicUrl }).replace(/</g, '\\u003c');
  return readFileSync(file, 'utf8').replace('<!--app-config-->', `<script id="app-config" type="application/json">${json}</script>`);
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
