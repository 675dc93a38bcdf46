import { loadConfig } from '@dealership/server-core';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { OpenApiDocumentService } from '@dealership/server-openapi';
import { openApiProblems } from '@dealership/server-openapi/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './create-app';
import { declaredRestRoutes, urlOfRoute } from './testing/declared-routes';
import { restContractOptions } from './testing/rest-contract';

type Operation = { 'x-access'?: string; security?: unknown[]; responses: Record<string, unknown>; operationId?: string };

/** The REST contract as the whole server serves it: `/api/openapi.json` and the `/api/docs` page. */
describe('the REST contract: /api/openapi.json and /api/docs (integration: the whole server)', () => {
  let root: string;
  let database: DatabaseHandle;
  let app: NestFastifyApplication;
  const contract = restContractOptions();

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'openapi-'));
    database = await createTestDatabase();
    app = await createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: root, SEED_DEMO: 'false', WEB_DIST_DIR: join(root, 'no-web') }), {
      database,
      ...contract,
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const served = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    return { res, document: res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> } };
  };

  it('serves a valid OpenAPI 3.1 document to anyone, cacheable, the one built at start', async () => {
    const { res, document } = await served();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(document.openapi).toBe('3.1.0');
    expect(document).toEqual(JSON.parse(JSON.stringify(app.get(OpenApiDocumentService).document)));
    expect(await openApiProblems(app.get(OpenApiDocumentService).document)).toEqual([]);
  });

  it('documents every route Fastify registered under /api, and no other', async () => {
    const { document } = await served();
    const registered = contract
      .check()
      .registeredRoutes.filter((route) => route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(registered);
    // And the routes are those Nest declares (the authorization matrix classifies the same list).
    const declared = declaredRestRoutes(app)
      .map((route) => ({ ...route, url: urlOfRoute(route.path) }))
      .filter((route) => route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
      .sort();
    expect(documented).toEqual(declared);
  });

  it("gives each operation its route's access level, the token schemes it needs and its refusals", async () => {
    const { document } = await served();
    for (const route of declaredRestRoutes(app)) {
      const url = urlOfRoute(route.path);
      if (!url.startsWith('/api/')) continue;
      const operation = document.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')][route.method.toLowerCase()];
      const refusals = Object.keys(operation.responses).filter((status) => status === '401' || status === '403');
      expect({ route: route.route, access: operation['x-access'], security: operation.security !== undefined, refusals }).toEqual({
        route: route.route,
        access: route.access,
        // The auth checks, and a certificate (staff see private ones), are public to the guard but read the token when there is one.
        security: route.access !== 'public' || ['GET user/user-auth', 'GET user/admin-auth', 'GET inspection-certificates/:id', 'GET imports/documents/:documentId'].includes(route.route),
        refusals: expect.arrayContaining(route.access === 'admin' ? ['401', '403'] : route.access === 'user' ? ['401'] : []),
      });
    }
  });

  it('serves /api/docs: Swagger UI from our origin, its scripts and styles files of their own (the CSP allows no inline script)', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';style-src 'self';");
    // Every script has a src and no element a style attribute: nothing the CSP would refuse.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toMatch(/\sstyle=/);
    const files = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((url) => url.startsWith('/api/docs/'));
    expect(files.sort()).toEqual(['/api/docs/docs.css', '/api/docs/docs.js', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']);
    for (const url of files) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, type: res.headers['content-type'] }).toEqual({
        url,
        status: 200,
        type: url.endsWith('.js') ? 'application/javascript; charset=utf-8' : 'text/css; charset=utf-8',
      });
    }
    expect((await app.inject({ method: 'GET', url: '/api/docs/docs.js' })).body).toContain("url: '/api/openapi.json'");
    expect((await app.inject({ method: 'GET', url: '/api/docs/..%2Fpackage.json' })).statusCode).toBe(400);
  });
});
