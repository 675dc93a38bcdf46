import { MediaService } from '@dealership/media-server';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { DB, type Database, seedDemoCatalogue } from '@dealership/server-db';
import { UserService } from '@dealership/user-server';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

/** First-start work: the demo catalogue (once per installation) and the admin account. */
@Injectable()
export class BootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Bootstrap');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Database,
    private readonly media: MediaService,
    private readonly users: UserService,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.seedDemo) {
      const started = Date.now();
      const result = await seedDemoCatalogue(this.db, (image) => this.media.saveSvg(image));
      if (result.seeded) this.logger.log(`Demo catalogue seeded: ${result.brands} brands, ${result.cars} cars in ${Date.now() - started} ms`);
    }
    if (this.config.admin) {
      await this.users.ensureAdmin(this.config.admin);
    } else if (this.config.nodeEnv !== 'production') {
      const generated = await this.users.ensureDevAdmin();
      if (generated) {
        this.logger.warn(
          `No ADMIN_EMAIL/ADMIN_PASSWORD set: created a development admin. Email: ${generated.email} Password: ${generated.password} ` +
            '(shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)',
        );
      }
    }
  }
}
