import { loadConfig } from '@dealership/server-core';
import { insertUser, tokenFor } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './create-app';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#0a2450"/></svg>';

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The whole server on a fresh database, its files under `root`, with `env` on top of the test settings. */
async function startServer(root: string, env: Record<string, string>): Promise<{ database: DatabaseHandle; app: NestFastifyApplication }> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: join(root, 'data'),
    WEB_DIST_DIR: join(root, 'web'),
    ...env,
  });
  return { database, app: await createApp(config, { database }) };
}

/** The security headers on each kind of answer of the whole server: a page, REST, tRPC, a picture, a bundle. */
describe.each(['custom', 'official'])('security headers, TRPC_TRANSPORT=%s (reliability: the whole server)', (transport) => {
  let root: string;
  let database: DatabaseHandle;
  let app: NestFastifyApplication;
  let token: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'headers-'));
    mkdirSync(join(root, 'web/assets'), { recursive: true });
    writeFileSync(join(root, 'web/index.html'), '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>');
    writeFileSync(join(root, 'web/assets/app-abc123.js'), 'console.log("app")');
    mkdirSync(join(root, 'data/media/cars'), { recursive: true });
    writeFileSync(join(root, 'data/media/cars/blue-car-0123456789.svg'), SVG);
    ({ database, app } = await startServer(root, {
      PUBLIC_URL: 'https://cars.example',
      CLOUDINARY_URL: 'cloudinary://key:secret@dealer',
      CORS_ORIGINS: 'https://partner.example',
      TRPC_TRANSPORT: transport,
    }));
    // `await`: issuing a token opens a session.
    token = await tokenFor(app, (await insertUser(database.db)).id);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const ANSWERS = {
    page: '/cars',
    'not-found page': '/no/such/page',
    'REST answer': '/api/brand/getAll-brand',
    'REST error': '/api/nothing-here',
    'tRPC answer': '/trpc/brand.list',
    picture: '/media/cars/blue-car-0123456789.webp',
    bundle: '/assets/app-abc123.js',
  };

  it('sends a bundle the headers that apply to a script: nosniff, CORP, referrer policy, HSTS; no document policy', async () => {
    const res = await app.inject({ method: 'GET', url: ANSWERS.bundle });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each(Object.entries(ANSWERS).filter(([kind]) => kind !== 'bundle'))('sends the headers on a %s (%s)', async (_kind, url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://res.cloudinary.com/dealer/']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Nothing unsafe, except style attributes on pages (server-rendered Mantine markup sets CSS
    // variables in them; `<style>` elements still need the nonce).
    const unsafe = [...csp].filter(([, sources]) => sources.some((source) => source.includes('unsafe')));
    expect(unsafe).toEqual(url.startsWith('/api') || url.startsWith('/trpc') || url.includes('.') ? [] : [['style-src-attr', ["'unsafe-inline'"]]]);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=(), ');
    expect(res.headers['permissions-policy']).toContain('payment=(self)');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('gives each page a fresh style nonce, in its policy and in the page', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/cars', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toContain('text/html');
      const styleSrc = directives(res.headers['content-security-policy']).get('style-src') ?? [];
      expect(styleSrc).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9_-]{22}'$/)]);
      const nonce = styleSrc[1].slice("'nonce-".length, -1);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(res.body).toContain('<script id="app-config" type="application/json">');
      // One policy per answer (the page's replaces the default).
      expect(res.rawPayload.length).toBeGreaterThan(0);
      expect(res.raw.res.getHeader('content-security-policy')).toBe(res.headers['content-security-policy']);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
    // Answers other than pages have no nonce to leak.
    expect(directives((await app.inject({ method: 'GET', url: '/api/brand/getAll-brand' })).headers['content-security-policy']).get('style-src')).toEqual([
      "'self'",
    ]);
  });

  it('keeps the year-long caching of pictures and bundles; pictures may be embedded anywhere', async () => {
    for (const url of [ANSWERS.picture, ANSWERS.bundle]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('max-age=31536000');
    }
    expect((await app.inject({ method: 'GET', url: ANSWERS.picture })).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await app.inject({ method: 'GET', url: ANSWERS.bundle })).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('marks every answer to a request with a token no-store (REST and tRPC, ok or refused)', async () => {
    const authed = [
      { method: 'GET' as const, url: '/api/user/orders', status: 200 },
      { method: 'GET' as const, url: '/api/user/allOrders', status: 403 },
      { method: 'GET' as const, url: '/api/brand/getAll-brand', status: 200 },
      { method: 'GET' as const, url: '/trpc/user.me', status: 200 },
      { method: 'GET' as const, url: '/trpc/order.all', status: 403 },
    ];
    for (const { method, url, status } of authed) {
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect({ url, status: res.statusCode }).toEqual({ url, status });
      expect({ url, cacheControl: res.headers['cache-control'] }).toEqual({ url, cacheControl: 'no-store' });
    }
    const forged = await app.inject({ method: 'GET', url: '/trpc/user.me', headers: { authorization: 'Bearer not.a.token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['cache-control']).toBe('no-store');
  });

  it('allows CORS for the listed origin only, with preflight', async () => {
    const allowed = await app.inject({ method: 'GET', url: '/api/brand/getAll-brand', headers: { origin: 'https://partner.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    const refused = await app.inject({ method: 'GET', url: '/trpc/brand.list', headers: { origin: 'https://evil.example' } });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/user/profileUpdate',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
      });
    const ok = await preflight('https://partner.example');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(ok.headers['access-control-allow-methods']).toContain('PUT');
    const no = await preflight('https://evil.example');
    expect(no.headers['access-control-allow-origin']).toBeUndefined();
    expect(no.headers['access-control-allow-methods']).toBeUndefined();
  });
});

/** The hosts the payment module contributes reach the whole server's policy (the media module's: above). */
describe('security headers with card payments on (reliability: the whole server)', () => {
  let database: DatabaseHandle;
  let app: NestFastifyApplication;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'headers-'));
    ({ database, app } = await startServer(root, { BRAINTREE_MERCHANT_ID: 'merchant', BRAINTREE_PUBLIC_KEY: 'public', BRAINTREE_PRIVATE_KEY: 'private' }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("lets the card form reach Braintree's frames and API, and nothing else changes", async () => {
    const csp = directives((await app.inject({ method: 'GET', url: '/api/brand/getAll-brand' })).headers['content-security-policy']);
    expect(csp.get('frame-src')).toEqual(['https://assets.braintreegateway.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.sandbox.braintreegateway.com', 'https://payments.sandbox.braintree-api.com']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect([...csp.keys()].slice(5, 8)).toEqual(['connect-src', 'frame-src', 'object-src']);
  });
});
