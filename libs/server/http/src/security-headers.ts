import fastifyCors from '@fastify/cors';
import type { AppConfig } from '@dealership/server-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CspSources } from './csp-sources';

/** The settings the headers depend on, and the sources the features contribute (`CspSourcesCollector`). */
export type SecurityHeadersConfig = Pick<AppConfig, 'publicUrl' | 'corsOrigins'> & { cspSources?: CspSources };

/** CSP directives, in the order they are sent; values are source lists. */
export type CspDirectives = Record<string, readonly string[]>;

/**
 * Browser features no page of the site uses are switched off for the site and anything it embeds.
 * `payment=(self)`: the card payment of a later issue runs in our own pages. Only features
 * Chromium knows: an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const YEAR_SECONDS = 31_536_000;

/**
 * Whether the site is served over HTTPS, read from `PUBLIC_URL` (the address visitors use).
 * `TRUST_PROXY` is not enough: it says a proxy forwards client addresses, not that the proxy
 * speaks TLS, and `Strict-Transport-Security` on a host without HTTPS would lock visitors out.
 */
export function servesHttps(config: Pick<AppConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

/**
 * The site's Content-Security-Policy: scripts and styles from our own origin only (no inline
 * script, no `eval`), images from us and `data:` URLs, requests to our own API only, never framed;
 * plus the hosts the features contribute (`config.cspSources`: an image host, a payment form's
 * frames and API). Pages add a per-response style nonce (`pagePolicy`).
 */
export function cspDirectives(config: SecurityHeadersConfig): CspDirectives {
  const contributed = config.cspSources ?? {};
  const frame = contributed['frame-src'] ?? [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // No 'unsafe-inline' for styles either: Mantine's `<style>` elements carry the page's nonce, and
    // React and Mantine set `style` props through the CSSOM (`element.style`), which CSP does not
    // govern, so no `style="..."` attribute ever needs allowing (the browser suite checks).
    'style-src': ["'self'"],
    // `blob:`: the back office previews a picked photo from memory while it uploads (an object URL
    // of the visitor's own file; nothing from another origin).
    'img-src': ["'self'", 'data:', 'blob:', ...(contributed['img-src'] ?? [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(contributed['connect-src'] ?? [])],
    ...(frame.length ? { 'frame-src': frame } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(servesHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** A header value in helmet's format (`name value;name value`). */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length ? `${name} ${sources.join(' ')}` : name))
    .join(';');
}

/** A fresh nonce for one page answer (128 random bits). */
export function createCspNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** What one page needs beyond the site policy. */
export interface PagePolicyOptions {
  /**
   * Script hosts this page may load from, on top of `'self'`: the hook for a page that needs a
   * provider's script (a payment form's), so no other page allows it.
   */
  scriptSources?: readonly string[];
}

export interface SecurityHeaders {
  /** The Content-Security-Policy for a web app page whose `<style>` elements carry `nonce`. */
  pagePolicy(nonce: string, options?: PagePolicyOptions): string;
}

/**
 * Every answer's security headers: helmet's set (CSP, HSTS over HTTPS, nosniff, Referrer-Policy,
 * frame and cross-origin policies, no `X-Powered-By`), `Permissions-Policy`, `Cache-Control:
 * no-store` on authenticated API answers, and CORS for the `CORS_ORIGINS` allow-list only.
 * Register it before the routes and scoped plugins (tRPC) so their answers get the hooks too.
 */
export async function registerSecurityHeaders(
  fastify: FastifyInstance,
  config: SecurityHeadersConfig,
  pages: { inlineScriptHashes?: readonly string[] } = {},
): Promise<SecurityHeaders> {
  const directives = cspDirectives(config);
  // Helmet decides the headers; they are the same for every answer (pages replace the CSP with
  // their own nonce'd one), so they are worked out once here and set as they are on each answer.
  // @fastify/helmet built helmet's middleware again on every request, parsing the CSP each time:
  // 2-3% of the server's CPU per API call in `npm run bench`.
  const headers = Object.entries({
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: servesHttps(config) ? { maxAge: YEAR_SECONDS, includeSubDomains: false } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The same as frame-ancestors 'none', for browsers that predate it.
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  });

  // The hashed bundles (/assets) are scripts and styles a page of ours loads, never documents: the
  // document-only headers (the CSP, framing, opener and permissions policies, the legacy X-*s) do
  // nothing there, and at about 0.75 kB each they weighed some 15 kB on a phone's page load of
  // twenty chunks over HTTP/1.1 (issue 25's JavaScript budget counts transferred bytes). They keep
  // what applies to a subresource: nosniff, CORP, the referrer policy (a stylesheet's own
  // requests), HSTS.
  const assetHeaders = headers.filter(([name]) => SUBRESOURCE_HEADERS.has(name));

  fastify.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of request.url.startsWith('/assets/') ? assetHeaders : headers) reply.raw.setHeader(name, value);
    // Pictures are meant to travel (a partner's listing, a shared link's preview): any site may
    // embed them. Everything else is for our own pages.
    if (request.url.startsWith('/media/')) void reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });

  // An answer to a request carrying a token may hold that user's data: no browser or proxy keeps
  // it. Anonymous answers, including the year-long caching of /media and /assets, are untouched.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization !== undefined && isApiRequest(request)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Closed unless CORS_ORIGINS lists the origin: other origins get no Access-Control-Allow-Origin,
  // and their preflight falls through to an ordinary 404. Tokens travel in Authorization, never
  // in cookies, so credentials stay off.
  const allowed = new Set(config.corsOrigins);
  await fastify.register(fastifyCors, {
    origin: allowed.size === 0 ? false : (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    credentials: false,
    maxAge: 600,
  });

  const nonceSlot = '\u0000nonce\u0000';
  // Server-rendered pages carry Mantine's `style` attributes (its components set CSS variables
  // inline); a policy that refused them would leave those pages unstyled until the browser redrew
  // them. `style-src-attr` allows attributes only: `<style>` elements still need the nonce.
  // Pages also run the web build's inline scripts (early-taps.js, which must run before any
  // download), each allowed by its hash: no other inline script.
  const pageDirectives = {
    ...directives,
    'script-src': [...directives['script-src'], ...(pages.inlineScriptHashes ?? [])],
    'style-src': [...directives['style-src'], `'nonce-${nonceSlot}'`],
    'style-src-attr': ["'unsafe-inline'"],
  };
  const [beforeNonce, afterNonce] = serializeCsp(pageDirectives).split(nonceSlot);
  return {
    pagePolicy: (nonce, options = {}) => {
      if (!options.scriptSources?.length) return beforeNonce + nonce + afterNonce;
      return serializeCsp({ ...pageDirectives, 'script-src': [...pageDirectives['script-src'], ...options.scriptSources] }).replace(nonceSlot, nonce);
    },
  };
}

/** The headers helmet's middleware sets with `options` (none of them depends on the request). */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** The security headers that mean something on a script or stylesheet (see `assetHeaders`). */
const SUBRESOURCE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy', 'strict-transport-security']);

function isApiRequest(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/api/') || url.startsWith('/trpc/') || url === '/api' || url === '/trpc' || url.startsWith('/api?') || url.startsWith('/trpc?');
}
