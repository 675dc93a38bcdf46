import { type DatabaseHandle, DB_HANDLE } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';

/** How long a readiness check waits for the database before calling it down. */
export const DATABASE_PING_TIMEOUT_MS = 2000;

/** Terminus indicator: is the database answering a trivial query, within 2 s? */
@Injectable()
export class DatabaseHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(DB_HANDLE) private readonly database: DatabaseHandle,
  ) {}

  async isHealthy<const Key extends string>(key: Key) {
    const indicator = this.indicators.check(key);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), DATABASE_PING_TIMEOUT_MS).unref();
        }),
      ]);
      return indicator.up({ engine: this.database.engine });
    } catch {
      // The driver's message may name hosts or users: readiness answers say only "down".
      return indicator.down({ engine: this.database.engine });
    } finally {
      clearTimeout(timer);
    }
  }
}
