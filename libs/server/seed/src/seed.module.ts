import { MediaModule, MediaService } from '@dealership/media-server';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { DB, type Database } from '@dealership/server-db';
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
    const result = await seedDemoCatalogue(this.db, (image) => this.media.saveSvg(image));
    if (result.seeded) this.logger.log(`Demo catalogue seeded: ${result.brands} brands, ${result.cars} cars in ${Date.now() - started} ms`);
  }
}

@Module({ imports: [MediaModule], providers: [DemoSeeder] })
export class SeedModule {}
