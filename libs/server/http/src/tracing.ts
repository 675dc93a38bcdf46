import type { AppConfig } from '@dealership/server-core';
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Only types above: nothing from @opentelemetry is loaded unless OTEL_EXPORTER_OTLP_ENDPOINT is set
// (the imports below are dynamic, and the bundle keeps npm packages external).

/** Flushes the spans the SDK still holds (they are sent in batches, every few seconds). */
type FlushSpans = () => Promise<void>;

// One SDK per process: the tracer provider is registered globally, once.
let sdkStarted: Promise<FlushSpans> | undefined;

/** Starts OpenTelemetry's Node SDK sending spans to `endpoint`'s `/v1/traces` (OTLP over HTTP, JSON). */
function startSdk(tracing: NonNullable<AppConfig['tracing']>): Promise<FlushSpans> {
  sdkStarted ??= (async () => {
    const [{ NodeSDK }, { OTLPTraceExporter }, { trace }] = await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/api'),
    ]);
    const sdk = new NodeSDK({
      serviceName: tracing.serviceName,
      traceExporter: new OTLPTraceExporter({ url: `${tracing.endpoint}/v1/traces` }),
      // Traces only: the SDK would otherwise also set up OTLP log and metric exporters from its
      // defaults (the metrics are Prometheus's, GET /metrics).
      metricReaders: [],
      logRecordProcessors: [],
      instrumentations: [],
    });
    sdk.start();
    const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
    const delegate = (provider.getDelegate?.() ?? provider) as { forceFlush?: () => Promise<void> };
    return async () => {
      await delegate.forceFlush?.();
    };
  })();
  return sdkStarted;
}

/**
 * OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set: a server span per request, named
 * by its method and route pattern (`GET /api/car/getCarById-car/:slug`, never the URL with its ids
 * or tokens), with the pattern, the method and the status as attributes, continuing the trace of
 * a `traceparent` header. The SDK sends them in batches; closing the app sends what is left.
 *
 * The spans are made here, in Fastify's onRequest/onResponse hooks with `@opentelemetry/api`, and
 * not by the SDK's HTTP and Fastify auto-instrumentation: that patches `http` and `fastify` through
 * require hooks as they are loaded, but the server is one esbuild bundle (CommonJS) that requires
 * them as main.js starts, before any of our code could start the SDK (it would need a
 * `node --require` preload, which `npm start` and the tests do not use). The hooks work wherever
 * the app is created. Unset, nothing is registered and nothing is loaded.
 */
export async function registerTracing(fastify: FastifyInstance, config: Pick<AppConfig, 'tracing'>): Promise<void> {
  if (!config.tracing) return;
  const flush = await startSdk(config.tracing);
  const { context, propagation, SpanKind, SpanStatusCode, trace } = await import('@opentelemetry/api');
  const tracer = trace.getTracer('dealership-server');
  const spans = new WeakMap<FastifyRequest, Span>();

  fastify.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}) } },
      parent,
    );
    spans.set(request, span);
  });
  /** Ends the request's span, once: with its status, or as aborted (a client gone before its answer). */
  const end = (request: FastifyRequest, status?: number) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    if (status !== undefined) span.setAttribute('http.response.status_code', status);
    if (status === undefined || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR }).setAttribute('error.type', status === undefined ? 'aborted' : String(status));
    span.end();
  };
  fastify.addHook('onResponse', async (request, reply) => end(request, reply.statusCode));
  fastify.addHook('onRequestAbort', async (request) => end(request));
  fastify.addHook('onClose', async () => {
    await flush();
  });
}
