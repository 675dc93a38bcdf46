import { APP_CONFIG, type AppConfig, LegacyExceptionFilter, loadConfig } from '@dealership/server-core';
import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../database';
import { DbModule } from '../db.module';

@Global()
@Module({})
class TestConfigModule {
  static with(config: AppConfig): DynamicModule {
    return { module: TestConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/**
 * A feature module served over real HTTP (Fastify, the REST prefix and the exception filter of
 * production) on a real test database, for integration tests of one module in isolation.
 */
export async function createModuleTestApp(
  handle: DatabaseHandle,
  imports: (Type | DynamicModule)[],
  env: Record<string, string> = {},
): Promise<NestFastifyApplication> {
  // A secret of its own, so signing tokens never writes a generated one under the default DATA_DIR.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('base64url'), ...env });
  const moduleRef = await Test.createTestingModule({ imports: [TestConfigModule.with(config), DbModule.forHandle(handle), ...imports] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new LegacyExceptionFilter());
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
