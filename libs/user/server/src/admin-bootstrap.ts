import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { UserService } from './user.service';

/** Where the generated development password may be shown: the process's terminal, when it is one. */
export interface AdminTerminal {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * On every start: the admin of `ADMIN_EMAIL`/`ADMIN_PASSWORD` exists with that password and role.
 * Without them, outside production and with a terminal on stdout, a development admin is created
 * once and its password printed to that terminal, not through the logger: a log is a file someone
 * else reads (a container's log, a CI artefact), and a password in it is a password leaked. Without
 * a terminal no account is made and the log says what to set; production refuses to start
 * without them (config).
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('Bootstrap');
  // The real stdout; the instance's own, so a test of this class can hand it another stream.
  terminal: AdminTerminal = process.stdout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserService,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.admin) {
      await this.users.ensureAdmin(this.config.admin);
      return;
    }
    if (await this.users.hasAdmin()) return;
    // Unreachable through loadConfig (production refuses to start without ADMIN_EMAIL/ADMIN_PASSWORD); kept so no other path generates one.
    if (this.config.nodeEnv === 'production') return;
    if (!this.terminal.isTTY) {
      this.logger.warn(
        'No ADMIN_EMAIL/ADMIN_PASSWORD set and stdout is not a terminal: no development admin was created (its password would end up in a log). ' +
          'Set ADMIN_EMAIL and ADMIN_PASSWORD, or start once from a terminal (npm start) to have one generated.',
      );
      return;
    }
    const generated = await this.users.ensureDevAdmin();
    if (!generated) return;
    this.logger.warn(`No ADMIN_EMAIL/ADMIN_PASSWORD set: created the development admin ${generated.email}; its password is printed on the terminal only.`);
    this.terminal.write(
      `\n  Development admin: ${generated.email}\n  Password: ${generated.password}\n` +
        '  (shown once, on this terminal only; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n\n',
    );
  }
}
