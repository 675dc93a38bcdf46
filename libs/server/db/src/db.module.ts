import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { type DynamicModule, Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Database, DatabaseHandle } from './database';
import { openDatabase } from './open-database';
import { DatabaseMetrics } from './database-metrics';

import { DB, DB_HANDLE } from './db.tokens';
import { EmbeddedMaintenance } from './embedded-maintenance';
import { PeriodicJobs } from './periodic-jobs';
import { BackupMetrics, ServerBackups } from './server-backups';
import { ThrottleCounters } from './throttle-counters';
import { THROTTLE_STORE } from '@dealership/server-auth';

export { DB, DB_HANDLE };

const connectionLogger = new Logger('Database');

/** What the database module provides besides the handle itself, in the app and in tests alike. */
const beside = [PeriodicJobs, ThrottleCounters, { provide: THROTTLE_STORE, useExisting: ThrottleCounters }, DatabaseMetrics, BackupMetrics];
const exported = [DB, DB_HANDLE, PeriodicJobs, THROTTLE_STORE];

/** Closes the database when the app shuts down (after the HTTP server has stopped taking requests). */
@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(@Inject(DB_HANDLE) private readonly handle: DatabaseHandle) {}

  async onApplicationShutdown() {
    await this.handle.close();
  }
}

/** Provides the database: PGlite under DATA_DIR by default, a PostgreSQL server when DATABASE_URL is set. */
@Global()
@Module({})
export class DbModule {
  static forRoot(): DynamicModule {
    return {
      module: DbModule,
      providers: [
        {
          provide: DB_HANDLE,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            openDatabase(
              config.databaseUrl
                ? {
                    kind: 'postgres',
                    url: config.databaseUrl,
                    poolSize: config.databasePoolSize,
                    onConnectionError: (error) => connectionLogger.warn(`database connection lost: ${error.message}`),
                  }
                : {
                    kind: 'pglite',
                    dataDir: config.dataDir,
                    sharedBuffersMb: config.pgliteSharedBuffersMb,
                    onCreated: ({ from, ms, templateError }) =>
                      templateError
                        ? connectionLogger.warn(`database created with initdb in ${ms} ms: the build's template was not usable (${templateError.message})`)
                        : connectionLogger.log(`database created ${from === 'template' ? "from the build's template" : 'with initdb'} in ${ms} ms`),
                  },
            ),
        },
        { provide: DB, inject: [DB_HANDLE], useFactory: (handle: DatabaseHandle): Database => handle.db },
        ...beside,
        EmbeddedMaintenance,
        ServerBackups,
        DatabaseCloser,
      ],
      exports: exported,
    };
  }

  /** An already open database (integration tests open theirs with `createTestDatabase`). */
  static forHandle(handle: DatabaseHandle): DynamicModule {
    return {
      module: DbModule,
      providers: [{ provide: DB_HANDLE, useValue: handle }, { provide: DB, useValue: handle.db }, ...beside],
      exports: exported,
    };
  }
}
