import Fastify, { type FastifyInstance } from 'fastify';
import {
  createCspNonce,
  cspDirectives,
  PERMISSIONS_POLICY,
  registerSecurityHeaders,
  serializeCsp,
  servesHttps,
  type SecurityHeaders,
  type SecurityHeadersConfig,
} from './security-headers';

const HTTP_CONFIG: SecurityHeadersConfig = { publicUrl: 'http://localhost:3000', corsOrigins: [] };

/** A CSP header as a map of directive -> sources. */
function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('cspDirectives', () => {
  it('allows scripts, styles and requests from our own origin only, never inline script or eval', () => {
    const csp = parseCsp(serializeCsp(cspDirectives(HTTP_CONFIG)));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    for (const sources of csp.values()) expect(sources).not.toEqual(expect.arrayContaining([expect.stringMatching(/unsafe/)]));
  });

  it('adds the sources features contribute to their directives, and upgrades requests over HTTPS', () => {
    const cspSources = { 'img-src': ['https://images.example/dealer/'], 'connect-src': ['https://api.pay.example'] };
    const csp = parseCsp(serializeCsp(cspDirectives({ ...HTTP_CONFIG, publicUrl: 'https://cars.example', cspSources })));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://images.example/dealer/']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.pay.example']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
    expect(csp.get('upgrade-insecure-requests')).toEqual([]);
  });

  it('allows frames only when a feature contributes them, sent after connect-src', () => {
    expect(parseCsp(serializeCsp(cspDirectives({ ...HTTP_CONFIG, cspSources: { 'frame-src': [] } }))).has('frame-src')).toBe(false);
    const header = serializeCsp(cspDirectives({ ...HTTP_CONFIG, cspSources: { 'frame-src': ['https://frames.pay.example'] } }));
    expect(parseCsp(header).get('frame-src')).toEqual(['https://frames.pay.example']);
    expect(header).toContain("connect-src 'self';frame-src https://frames.pay.example;object-src");
  });

  it('treats the site as HTTPS only when PUBLIC_URL says so', () => {
    expect(servesHttps({ publicUrl: 'http://localhost:3000' })).toBe(false);
    expect(servesHttps({ publicUrl: 'https://cars.example' })).toBe(true);
  });

  it('makes a fresh URL-safe nonce of 128 bits each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createCspNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('registerSecurityHeaders (on a bare Fastify with the app kinds of route)', () => {
  const YEAR = 'public, max-age=31536000, immutable';

  async function server(config: SecurityHeadersConfig): Promise<{ fastify: FastifyInstance; headers: SecurityHeaders }> {
    const fastify = Fastify();
    const headers = await registerSecurityHeaders(fastify, config);
    fastify.get('/api/car/getAll-car', async () => ({ cars: [] }));
    fastify.put('/api/user/profileUpdate', async () => ({ success: true }));
    // tRPC is mounted in a scope of its own.
    await fastify.register(
      async (scope) => {
        scope.all('/:path', async () => ({ result: { data: 1 } }));
      },
      { prefix: '/trpc' },
    );
    fastify.get('/media/*', async (_request, reply) => reply.header('cache-control', YEAR).type('image/webp').send(Buffer.from('RIFF')));
    fastify.get('/assets/app.js', async (_request, reply) => reply.header('cache-control', YEAR).type('text/javascript').send('1'));
    await fastify.ready();
    return { fastify, headers };
  }

  let app: FastifyInstance;
  let headers: SecurityHeaders;
  beforeAll(async () => ({ fastify: app, headers } = await server(HTTP_CONFIG)));
  afterAll(() => app.close());

  it("sends a bundle (/assets) only the headers that apply to a script or stylesheet, not a document's", async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe(YEAR);
    for (const name of [
      'content-security-policy',
      'permissions-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-xss-protection',
    ]) {
      expect({ name, value: res.headers[name] }).toEqual({ name, value: undefined });
    }
  });

  it.each(['/api/car/getAll-car', '/trpc/car.list', '/media/cars/a.webp', '/no-such-route'])('sends the security headers on %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(parseCsp(String(res.headers['content-security-policy']))).toEqual(parseCsp(serializeCsp(cspDirectives(HTTP_CONFIG))));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe(url.startsWith('/media/') ? 'cross-origin' : 'same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Plain HTTP: HSTS would be ignored, and nothing says this host has HTTPS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('turns off the features no page uses and keeps payment for our own pages', () => {
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
    expect(PERMISSIONS_POLICY).toContain('payment=(self)');
  });

  it('sends HSTS for a year when PUBLIC_URL is https://', async () => {
    const { fastify } = await server({ ...HTTP_CONFIG, publicUrl: 'https://cars.example' });
    try {
      const res = await fastify.inject({ method: 'GET', url: '/api/car/getAll-car' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await fastify.close();
    }
  });

  it('marks every answer to a request with a token no-store, on REST and tRPC, whatever the status', async () => {
    for (const [method, url] of [
      ['GET', '/api/car/getAll-car'],
      ['PUT', '/api/user/profileUpdate'],
      ['GET', '/trpc/user.me'],
      ['POST', '/trpc/user.updateProfile'],
      ['GET', '/api/no-such-route'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { authorization: 'Bearer some.jwt.token' } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await app.inject({ method: 'GET', url: '/api/car/getAll-car' })).headers['cache-control']).toBeUndefined();
  });

  it('keeps the year-long caching of pictures and bundles, with or without a token', async () => {
    for (const url of ['/media/cars/a.webp', '/assets/app.js']) {
      expect((await app.inject({ method: 'GET', url })).headers['cache-control']).toBe(YEAR);
      expect((await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer t' } })).headers['cache-control']).toBe(YEAR);
    }
  });

  it('gives a page policy that allows its own style nonce and style attributes, and otherwise equals the site policy', () => {
    const page = parseCsp(headers.pagePolicy('abc123'));
    const site = parseCsp(serializeCsp(cspDirectives(HTTP_CONFIG)));
    expect(page.get('style-src')).toEqual(["'self'", "'nonce-abc123'"]);
    // Server-rendered markup carries Mantine's style attributes; <style> elements still need the nonce.
    expect(page.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(site.get('style-src-attr')).toBeUndefined();
    expect(page.get('script-src')).toEqual(["'self'"]);
    for (const policy of [page, site]) ['style-src', 'style-src-attr'].forEach((name) => policy.delete(name));
    expect(page).toEqual(site);
  });

  it('lets one page add script hosts (the hook for the payments page) without touching other pages', () => {
    const checkout = parseCsp(headers.pagePolicy('n1', { scriptSources: ['https://js.braintreegateway.com'] }));
    expect(checkout.get('script-src')).toEqual(["'self'", 'https://js.braintreegateway.com']);
    expect(checkout.get('style-src')).toEqual(["'self'", "'nonce-n1'"]);
    expect(parseCsp(headers.pagePolicy('n2')).get('script-src')).toEqual(["'self'"]);
  });

  it("allows the web build's inline scripts by their hashes on pages only, never on API answers", async () => {
    const fastify = Fastify();
    const withScripts = await registerSecurityHeaders(fastify, HTTP_CONFIG, { inlineScriptHashes: ["'sha256-abc='"] });
    fastify.get('/api/x', async () => ({}));
    await fastify.ready();
    expect(parseCsp(withScripts.pagePolicy('n')).get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(parseCsp(withScripts.pagePolicy('n', { scriptSources: ['https://js.braintreegateway.com'] })).get('script-src')).toEqual([
      "'self'",
      "'sha256-abc='",
      'https://js.braintreegateway.com',
    ]);
    const api = await fastify.inject({ method: 'GET', url: '/api/x' });
    expect(parseCsp(String(api.headers['content-security-policy'])).get('script-src')).toEqual(["'self'"]);
    await fastify.close();
  });

  describe('CORS', () => {
    it('is closed by default: no allow-origin for another origin, and its preflight is refused', async () => {
      const simple = await app.inject({ method: 'GET', url: '/api/car/getAll-car', headers: { origin: 'https://evil.example' } });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/user/profileUpdate',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(preflight.statusCode).toBe(404);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    });

    describe('with CORS_ORIGINS', () => {
      let partner: FastifyInstance;
      beforeAll(async () => ({ fastify: partner } = await server({ ...HTTP_CONFIG, corsOrigins: ['https://partner.example', 'http://localhost:5173'] })));
      afterAll(() => partner.close());

      it('allows a listed origin, on REST and tRPC', async () => {
        for (const url of ['/api/car/getAll-car', '/trpc/car.list']) {
          const res = await partner.inject({ method: 'GET', url, headers: { origin: 'https://partner.example' } });
          expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
          expect(res.headers['access-control-allow-credentials']).toBeUndefined();
          expect(res.headers['access-control-expose-headers']).toBe('Retry-After');
          expect(res.headers['vary']).toContain('Origin');
        }
      });

      it('answers a listed origin`s preflight with the methods and headers the API takes', async () => {
        for (const url of ['/api/user/profileUpdate', '/trpc/user.updateProfile']) {
          const res = await partner.inject({
            method: 'OPTIONS',
            url,
            headers: {
              origin: 'http://localhost:5173',
              'access-control-request-method': 'PUT',
              'access-control-request-headers': 'authorization,content-type',
            },
          });
          expect(res.statusCode).toBe(204);
          expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
          expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT');
          expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
          expect(res.headers['access-control-max-age']).toBe('600');
        }
      });

      it('refuses any other origin, including look-alikes', async () => {
        for (const origin of ['https://evil.example', 'https://partner.example.evil.example', 'http://partner.example', 'null']) {
          const res = await partner.inject({ method: 'GET', url: '/api/car/getAll-car', headers: { origin } });
          expect(res.headers['access-control-allow-origin']).toBeUndefined();
          const preflight = await partner.inject({
            method: 'OPTIONS',
            url: '/api/user/profileUpdate',
            headers: { origin, 'access-control-request-method': 'PUT' },
          });
          expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
          expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
        }
      });
    });
  });
});
