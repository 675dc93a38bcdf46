import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle, exited, listener, run, waitForHealth } from './server-process.testing';
import { startWholeServer } from './testing/whole-server';

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string };
}
interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  parentSpanId?: string;
  attributes: OtlpAttribute[];
  status?: { code?: number };
}
interface OtlpTraces {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

/** A loopback OTLP/HTTP collector: keeps the JSON bodies POSTed to /v1/traces. */
async function startCollector(): Promise<{ url: string; bodies: string[]; spans: () => OtlpSpan[]; serviceNames: () => string[]; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces' && request.headers['content-type']?.startsWith('application/json')) {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const traces = () => bodies.map((body) => JSON.parse(body) as OtlpTraces);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    spans: () => traces().flatMap((t) => t.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))),
    serviceNames: () =>
      traces().flatMap((t) => t.resourceSpans.map((r) => r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '')),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

const SERVER_KIND = 2; // OTLP's SPAN_KIND_SERVER
const PARENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN = '00f067aa0ba902b7';

// Traces (issue 42): with OTEL_EXPORTER_OTLP_ENDPOINT, a span per request reaches an OTLP collector.
describe('OpenTelemetry traces (integration: the whole server and an OTLP/HTTP collector stub)', () => {
  it('sends a server span per request, named by its route pattern, continuing a traceparent, flushed when the app closes', async () => {
    const collector = await startCollector();
    const server = await startWholeServer({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'dealership-test' });
    try {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/car/getCarById-car/a-secret-looking-slug-000',
        headers: { traceparent: `00-${PARENT_TRACE}-${PARENT_SPAN}-01` },
      });
      expect(res.statusCode).toBeLessThan(500);
      await server.app.inject({ method: 'GET', url: '/trpc/brand.list' });
    } finally {
      await server.close();
    }
    try {
      const car = collector.spans().find((s) => s.name === 'GET /api/car/getCarById-car/:slug');
      expect(car).toMatchObject({ kind: SERVER_KIND, traceId: PARENT_TRACE, parentSpanId: PARENT_SPAN });
      expect(car && attribute(car, 'http.route')).toBe('/api/car/getCarById-car/:slug');
      expect(car && attribute(car, 'http.request.method')).toBe('GET');
      expect(car && attribute(car, 'http.response.status_code')).toEqual(expect.any(Number));
      expect(collector.spans().map((s) => s.name)).toContain('GET /trpc/:path');
      expect(collector.serviceNames()).toContain('dealership-test');
      // Route patterns only: no URL, so no slug, id or token, reaches the collector.
      expect(collector.bodies.join('')).not.toContain('a-secret-looking-slug');
    } finally {
      await collector.close();
    }
  }, 60_000);
});

// The built bundle as `npm start` runs it: the SDK loads there too, and not at all when it is off.
describe('OpenTelemetry in the built server', () => {
  let dir: string;
  let preload: string;
  beforeAll(() => {
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npx nx run server:build`);
    dir = mkdtempSync(join(tmpdir(), 'server-otel-'));
    // Names, as the process exits, the @opentelemetry packages it loaded (required or imported:
    // Node's module hooks see both) besides the API, which prom-client itself requires (for
    // exemplars) wherever it is loaded.
    preload = join(dir, 'otel-packages.cjs');
    writeFileSync(
      preload,
      `const loaded = new Set();
      require('node:module').registerHooks({
        load(url, context, nextLoad) {
          const name = /\\/node_modules\\/(@opentelemetry\\/[^/]+)\\//.exec(url)?.[1];
          if (name && name !== '@opentelemetry/api') loaded.add(name);
          return nextLoad(url, context);
        },
      });
      process.on('exit', () => process.stderr.write('opentelemetry packages loaded: [' + [...loaded].sort().join(' ') + ']\\n'));\n`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const serve = async (env: Record<string, string>) => {
    const socket = await listener();
    const child = run({ PATH: process.env.PATH ?? '', DATA_DIR: join(dir, 'data'), SEED_DEMO: 'false', NODE_OPTIONS: `--require ${preload}`, ...env }, socket);
    try {
      await waitForHealth(socket.port, child);
      await fetch(`http://127.0.0.1:${socket.port}/api/car/getCarById-car/a-secret-looking-slug-000`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited(child)).toBe(0);
    return child.output();
  };

  it('loads none of the OpenTelemetry SDK without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    expect(await serve({})).toContain('opentelemetry packages loaded: []\n');
  }, 90_000);

  it('sends the spans of a bundle-started server, the last ones as it stops', async () => {
    const collector = await startCollector();
    try {
      const output = await serve({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
      expect(output).toMatch(/opentelemetry packages loaded: \[.*@opentelemetry\/sdk-node.*\]/);
      expect(collector.spans().map((s) => s.name)).toEqual(expect.arrayContaining(['GET /api/health', 'GET /api/car/getCarById-car/:slug']));
      expect(collector.serviceNames()).toContain('dealership');
    } finally {
      await collector.close();
    }
  }, 90_000);
});
