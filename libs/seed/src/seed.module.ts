import { MediaModule, MediaService } from '@dealership/media-server';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { type Database, DB, DEMO_SEED_LOCK_KEY } from '@dealership/server-db';
import { sql } from 'drizzle-orm';
import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { seedDemoCatalogue } from './seed-demo';

/** Seeds the demo catalogue on the first start of an installation when `SEED_DEMO` is on (never again). */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Database,
    private readonly media: MediaService,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.seedDemo) return;
    const started = Date.now();
    // Several instances starting at once on an empty database: one seeds while holding the lock,
    // the others wait for it and then find the marker (the transaction holds the lock to its end).
    const result = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
      return seedDemoCatalogue(tx, (image) => this.media.saveSvg(image));
    });
    if (result.seeded) this.logger.log(`Demo catalogue seeded: ${result.brands} brands, ${result.cars} cars in ${Date.now() - started} ms`);
  }
}

@Module({ imports: [MediaModule], providers: [DemoSeeder] })
export class SeedModule {}
