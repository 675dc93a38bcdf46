import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's metrics in Prometheus's format (prom-client), served at `GET /metrics` when
 * `METRICS_TOKEN` is set (server-http). Every lib registers its own here (the outbox's backlog,
 * the periodic jobs' runs); the process's (memory, event-loop lag, handles) are collected once
 * the endpoint is on (`startProcessMetrics`).
 */
export const metrics = new Registry();

let processMetrics = false;

/** The process's own metrics (memory, CPU, event-loop lag, GC): once, when the endpoint is on. */
export function startProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metrics });
}
