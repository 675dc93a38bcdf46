import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { UserService } from './user.service';

/**
 * On every start: the admin of `ADMIN_EMAIL`/`ADMIN_PASSWORD` exists with that password and role;
 * without them (outside production), a development admin is created once and its password logged.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('Bootstrap');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserService,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.admin) {
      await this.users.ensureAdmin(this.config.admin);
      return;
    }
    if (this.config.nodeEnv === 'production') return;
    const generated = await this.users.ensureDevAdmin();
    if (generated) {
      this.logger.warn(
        `No ADMIN_EMAIL/ADMIN_PASSWORD set: created a development admin. Email: ${generated.email} Password: ${generated.password} ` +
          '(shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)',
      );
    }
  }
}
