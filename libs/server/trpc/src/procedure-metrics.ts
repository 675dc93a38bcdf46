import { metrics } from '@dealership/server-core';
import { Histogram } from 'prom-client';
import { observeProcedureCalls } from './trpc';

/**
 * `trpc_procedure_duration_seconds{path, outcome}` in `GET /metrics`: every procedure call by its
 * path (`car.bySlug`, from the router's own keys, never the client's text) and `ok` or the tRPC
 * code it answered (`NOT_FOUND`, `UNAUTHORIZED`, `INTERNAL_SERVER_ERROR`, ...). Called by the
 * metrics endpoint when METRICS_TOKEN is set; before that, calls are not timed at all.
 */
export function startProcedureMetrics(): void {
  const calls =
    (metrics.getSingleMetric('trpc_procedure_duration_seconds') as Histogram<'path' | 'outcome'> | undefined) ??
    new Histogram({
      name: 'trpc_procedure_duration_seconds',
      help: 'tRPC procedure calls by procedure path and outcome (ok or the error code), and how long they took',
      labelNames: ['path', 'outcome'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [metrics],
    });
  observeProcedureCalls((path, outcome, seconds) => calls.observe({ path, outcome }, seconds));
}
