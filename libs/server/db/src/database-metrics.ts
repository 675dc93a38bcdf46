import { APP_CONFIG, type AppConfig, metrics } from '@dealership/server-core';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import type { DatabaseHandle, PoolUse } from './database';
import { DB_HANDLE } from './db.tokens';

/**
 * The PostgreSQL pool's connections in `GET /metrics` (when METRICS_TOKEN is set and DATABASE_URL
 * names a server): open, idle, calls waiting for one, and the most it opens, read from the pool at
 * each scrape. Calls waiting while every connection is busy is the sign DATABASE_POOL_SIZE (or the
 * server) is too small. PGlite has no pool, so nothing is registered there.
 */
@Injectable()
export class DatabaseMetrics implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB_HANDLE) private readonly handle: DatabaseHandle,
  ) {}

  onModuleInit() {
    const poolUse = this.handle.poolUse?.bind(this.handle);
    if (!this.config.metricsToken || !poolUse) return;
    const gauge = (name: string, help: string, read: (use: PoolUse) => number) => {
      // The latest app's pool (a test process starts several).
      metrics.removeSingleMetric(name);
      return new Gauge({
        name,
        help,
        registers: [metrics],
        collect() {
          this.set(read(poolUse()));
        },
      });
    };
    gauge('db_pool_connections', 'Connections the PostgreSQL pool has open (idle or running a query)', (use) => use.open);
    gauge('db_pool_connections_idle', 'Open PostgreSQL connections waiting for a query', (use) => use.idle);
    gauge('db_pool_waiting_requests', 'Calls waiting for a PostgreSQL connection (every one busy, the pool at its size)', (use) => use.waiting);
    gauge('db_pool_connections_max', 'The most connections the PostgreSQL pool opens (DATABASE_POOL_SIZE)', (use) => use.max);
  }
}
