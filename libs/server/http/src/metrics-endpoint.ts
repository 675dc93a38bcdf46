import { type AppConfig, metrics, startProcessMetrics } from '@dealership/server-core';
import { startProcedureMetrics } from '@dealership/server-trpc';
import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Histogram } from 'prom-client';

/**
 * `GET /metrics` (Prometheus's text format) when `METRICS_TOKEN` is set, answered only with
 * `Authorization: Bearer <token>` (401 otherwise), and the requests' count and duration per route:
 * the route's pattern (`/api/car/getSingle-car/:slug`), never the URL with its ids or tokens, and
 * the tRPC procedures' calls by path and outcome. Unset, nothing is registered and no request pays
 * for it.
 */
export function registerMetricsEndpoint(fastify: FastifyInstance, config: Pick<AppConfig, 'metricsToken'>): void {
  const token = config.metricsToken;
  if (!token) return;
  startProcessMetrics();
  startProcedureMetrics();
  const requests =
    (metrics.getSingleMetric('http_request_duration_seconds') as Histogram<'method' | 'route' | 'status'> | undefined) ??
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, and how long they took',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [metrics],
    });
  fastify.addHook('onResponse', async (request, reply) => {
    // Unmatched requests (a 404 of no route) share one label: a scanner's URLs would otherwise each make a series.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  fastify.get('/metrics', async (request, reply) => {
    const given = createHash('sha256')
      .update(request.headers.authorization ?? '')
      .digest();
    if (!timingSafeEqual(given, expected)) return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Metrics need the METRICS_TOKEN' });
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.metrics());
  });
}
