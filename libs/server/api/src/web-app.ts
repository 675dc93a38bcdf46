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

/** Pages of the web app that exist whatever the data (spec §2 route table, plus /contact). */
const STATIC_PAGES = new Set(['/', '/cart', '/login', '/register', '/brands', '/about', '/contact', '/cars', '/car-search']);
const DASHBOARD = /^\/dashboard\/(admin|user)(\/.*)?$/;
const DETAIL = /^\/(car|brand)\/([^/]+)$/;

/** Whether a car or brand page exists, for the status of its first load. */
export interface PageLookups {
  car(slug: string): Promise<boolean>;
  brand(slug: string): Promise<boolean>;
}

/**
 * The HTTP status of a client route's first load: 200 for the web app's pages, 404 for any other
 * path and for car or brand pages that do not exist. The web app renders its own not-found page
 * either way; the status tells search engines and link checkers the truth (no "soft 404s").
 */
export async function clientRouteStatus(url: string, lookups: PageLookups): Promise<200 | 404> {
  const path = url.split('?')[0].replace(/(.)\/+$/, '$1');
  if (STATIC_PAGES.has(path) || DASHBOARD.test(path)) return 200;
  const detail = DETAIL.exec(path);
  if (!detail) return 404;
  const slug = decodeURIComponent(detail[2]);
  const found = detail[1] === 'car' ? await lookups.car(slug) : await lookups.brand(slug);
  return found ? 200 : 404;
}
