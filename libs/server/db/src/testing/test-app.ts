import { AUTH_USER_LOOKUP, type AuthUserLookup, AuthModule, AuthService } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig, LegacyExceptionFilter, loadConfig } from '@dealership/server-core';
import { Role } from '@dealership/user-schemas';
import { type DynamicModule, Global, Inject, Injectable, Module, type Type } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database, DatabaseHandle } from '../database';
import { DB, DbModule } from '../db.module';
import { users } from '../schema';

@Global()
@Module({})
class TestConfigModule {
  static with(config: AppConfig): DynamicModule {
    return { module: TestConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/**
 * The account lookup of a test app without the user feature: tokens name users the test inserted
 * (`insertUser`), read straight from the table as the user feature's repository does.
 */
@Injectable()
class UsersTableLookup implements AuthUserLookup {
  constructor(@Inject(DB) private readonly db: Database) {}

  async findAuthUser(id: string) {
    const [row] = await this.db.select({ id: users.id, name: users.name, email: users.email, role: users.role }).from(users).where(eq(users.id, id));
    return row ? { ...row, role: row.role === Role.Admin ? Role.Admin : Role.User } : undefined;
  }
}

@Module({ providers: [{ provide: AUTH_USER_LOOKUP, useClass: UsersTableLookup }], exports: [AUTH_USER_LOOKUP] })
class UsersTableLookupModule {}

export interface ModuleTestAppOptions {
  /** Environment variables for the configuration (validated as at start). */
  env?: Record<string, string>;
  /**
   * Where tokens' accounts are looked up: `'users-table'` (default) for modules tested without the
   * user feature; `'provided'` when the imports provide the lookup themselves (`UserModule`).
   */
  userLookup?: 'users-table' | 'provided';
}

/**
 * A feature module served over real HTTP (Fastify, the REST prefix, the access guard and the
 * exception filter of production) on a real test database, for integration tests of one module
 * in isolation. Sign requests with `tokenFor(app, userId)`.
 */
export async function createModuleTestApp(
  handle: DatabaseHandle,
  imports: (Type | DynamicModule)[],
  options: ModuleTestAppOptions = {},
): Promise<NestFastifyApplication> {
  // A secret of its own, so signing tokens never writes a generated one under the default DATA_DIR.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('base64url'), ...options.env });
  const lookup = options.userLookup === 'provided' ? [] : [UsersTableLookupModule];
  const moduleRef = await Test.createTestingModule({
    imports: [TestConfigModule.with(config), DbModule.forHandle(handle), AuthModule, ...lookup, ...imports],
  }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new LegacyExceptionFilter());
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** A valid token for `userId` on a test app (the app's own secret). */
export function tokenFor(app: NestFastifyApplication, userId: string): string {
  return app.get(AuthService).issueToken(userId);
}
