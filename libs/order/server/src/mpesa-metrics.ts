import { APP_CONFIG, type AppConfig, metrics } from '@dealership/server-core';
import { mpesaResultOutcome } from '@dealership/server-payment';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Counter } from 'prom-client';

/** Which M-Pesa Express call: our STK push, our status query, or Daraja's callback. */
export type MpesaCall = 'push' | 'query' | 'callback';

/**
 * What became of a call. A push: `accepted` (the prompt is on its way), `rejected` (Daraja refused
 * the request) or `failed` (Daraja failed or did not answer). A query or callback: the result's
 * class (`paid`, `cancelled`, `timed_out`, `insufficient_funds`, `wrong_pin`, `other`, from
 * `mpesaResultOutcome`), `pending` (a query: the buyer has not answered yet), `failed` (a query
 * that could not be asked), `untrusted` (a callback naming our request whose amount, number or
 * receipt does not hold up), `ignored` (a callback not of ours) or `error` (one we could not record).
 */
export type MpesaOutcome = ReturnType<typeof mpesaResultOutcome> | 'accepted' | 'rejected' | 'failed' | 'pending' | 'untrusted' | 'ignored' | 'error';

/**
 * `mpesa_requests_total{call, outcome}` in `GET /metrics` (when METRICS_TOKEN is set): the deposits'
 * M-Pesa Express traffic as this instance saw it. Pushes failing is Daraja (or our credentials)
 * down; callbacks `untrusted` or `ignored` are worth a look (docs/operating.md, "Metrics").
 * Without METRICS_TOKEN nothing is registered and `count` does nothing.
 */
@Injectable()
export class MpesaMetrics implements OnModuleInit {
  private requests?: Counter<'call' | 'outcome'>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleInit() {
    if (!this.config.metricsToken) return;
    this.requests =
      (metrics.getSingleMetric('mpesa_requests_total') as Counter<'call' | 'outcome'> | undefined) ??
      new Counter({
        name: 'mpesa_requests_total',
        help: 'M-Pesa Express calls by call (push and query: ours; callback: Daraja\'s) and outcome',
        labelNames: ['call', 'outcome'],
        registers: [metrics],
      });
  }

  count(call: MpesaCall, outcome: MpesaOutcome): void {
    this.requests?.inc({ call, outcome });
  }
}
