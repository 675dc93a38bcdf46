import { AUTH_SESSION_STORE, type AuthSessionStore, AuthModule, AuthService } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig, LegacyExceptionFilter, loadConfig } from '@dealership/server-core';
import { type Database, type DatabaseHandle, DB, DbModule } from '@dealership/server-db';
import { buildOpenApiDocument, type OpenApiDocument } from '@dealership/server-openapi';
import { checkRestContract } from '@dealership/server-openapi/testing';
import { Role } from '@dealership/shared-schemas';
import { sessions, users } from '@dealership/user-data';
import { type DynamicModule, Global, Inject, Injectable, Module, type Type } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';

@Global()
@Module({})
class TestConfigModule {
  static with(config: AppConfig): DynamicModule {
    return { module: TestConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/**
 * The session store of a test app without the user feature: tokens (`tokenFor`) name users the
 * test inserted (`insertUser`) and sessions in the sessions table, checked as the user feature's
 * `SessionRepository` checks them (session there, not expired, account there).
 */
@Injectable()
class SessionsTableStore implements AuthSessionStore {
  constructor(@Inject(DB) private readonly db: Database) {}

  async findAuthUser(userId: string, sessionId: string) {
    const [row] = await this.db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, staffRole: users.staffRole, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)));
    return row ? { ...row, role: row.role === Role.Admin ? Role.Admin : Role.User, staffRole: row.role === Role.Admin ? row.staffRole : null } : undefined;
  }

  async createSession(userId: string, expiresAt: Date) {
    const [row] = await this.db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
    return row.id;
  }

  async revokeSession(userId: string, sessionId: string) {
    await this.db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  }

  async revokeSessions(userId: string, keepSessionId?: string) {
    await this.db.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
  }
}

@Module({ providers: [{ provide: AUTH_SESSION_STORE, useClass: SessionsTableStore }], exports: [AUTH_SESSION_STORE] })
class SessionsTableStoreModule {}

export interface ModuleTestAppOptions {
  /** Environment variables for the configuration (validated as at start). */
  env?: Record<string, string>;
  /**
   * Where tokens' sessions and accounts are looked up: `'users-table'` (default) for modules tested
   * without the user feature; `'provided'` when the imports provide the store themselves (`UserModule`).
   */
  userLookup?: 'users-table' | 'provided';
  /** Routes served at the root rather than under `/api`, as the server serves them (`feeds/meta-vehicles.csv`). */
  unprefixed?: string[];
}

/**
 * A feature module served over real HTTP (Fastify, the REST prefix, the access guard and the
 * exception filter of production) on a real test database, for integration tests of one module
 * in isolation. Sign requests with `await tokenFor(app, userId)`.
 *
 * Every answer `app.inject` gets from a REST route is checked against the OpenAPI document of the
 * module's routes (`@RestRoute`): an answer the document does not describe rejects the call with
 * a `ContractViolationError` naming the route, status and problem.
 */
export async function createModuleTestApp(
  handle: DatabaseHandle,
  imports: (Type | DynamicModule)[],
  options: ModuleTestAppOptions = {},
): Promise<NestFastifyApplication> {
  // A secret of its own, so signing tokens never writes a generated one under the default DATA_DIR.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('base64url'), ...options.env });
  const lookup = options.userLookup === 'provided' ? [] : [SessionsTableStoreModule];
  const moduleRef = await Test.createTestingModule({
    imports: [TestConfigModule.with(config), DbModule.forHandle(handle), AuthModule, ...lookup, ...imports],
  }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false, rawBody: true });
  app.setGlobalPrefix('api', { exclude: options.unprefixed ?? [] });
  app.useGlobalFilters(new LegacyExceptionFilter());
  const contract: { document?: OpenApiDocument } = {};
  checkRestContract(app, () => contract.document as OpenApiDocument);
  await app.init();
  // Built now, so a route without documentation fails the suite at once.
  contract.document = buildOpenApiDocument(app);
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** A valid token for `userId` on a test app (the app's own secret), with a session of its own, as a login gives. */
export function tokenFor(app: NestFastifyApplication, userId: string): Promise<string> {
  return app.get(AuthService).startSession(userId);
}
