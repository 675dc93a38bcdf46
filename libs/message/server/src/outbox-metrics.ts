import { APP_CONFIG, type AppConfig, metrics } from '@dealership/server-core';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MessageRepository } from './message.repository';

/**
 * The outbox's backlog in `GET /metrics` (when METRICS_TOKEN is set): messages waiting, the oldest
 * waiting one's age (an operator's alert: over 5 minutes, docs/operating.md), and failed ones. Read
 * from the database when the metrics are scraped, so every instance reports the shared outbox.
 */
@Injectable()
export class OutboxMetrics implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly messages: MessageRepository,
  ) {}

  onModuleInit() {
    if (!this.config.metricsToken) return;
    let latest: Promise<Awaited<ReturnType<MessageRepository['backlog']>>> | undefined;
    // One query per scrape for the three gauges.
    const backlog = () => (latest ??= this.messages.backlog().finally(() => setImmediate(() => (latest = undefined))));
    const gauge = (name: string, help: string, read: (b: Awaited<ReturnType<MessageRepository['backlog']>>) => number) => {
      // The latest app's outbox (a test process starts several).
      metrics.removeSingleMetric(name);
      return new Gauge({
        name,
        help,
        registers: [metrics],
        async collect() {
          this.set(read(await backlog()));
        },
      });
    };
    gauge('outbox_messages_pending', 'Messages waiting to be sent (pending or being sent)', (b) => b.pending);
    gauge('outbox_oldest_pending_seconds', 'Age of the oldest message waiting to be sent, in seconds', (b) => b.oldestPendingSeconds);
    gauge('outbox_messages_failed', 'Messages that failed for good (resendable from Messages)', (b) => b.failed);
  }
}
