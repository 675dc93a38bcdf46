import 'reflect-metadata';
import type { FastifyListenOptions } from 'fastify';
import { runBackupCommand } from './backup-command';
import { createApp } from './create-app';
import { ConfigError, createLogger, loadConfig } from '@dealership/server-core';
import { DataDirLockedError } from '@dealership/server-db';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  // `npm run backup` and `npm run restore -- <archive>` (docs/operating.md, "Backups").
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup' || command === 'restore') process.exit(await runBackupCommand(config, [command, ...args]));
  const logger = createLogger(config);
  const started = Date.now();
  let app;
  try {
    app = await createApp(config, { logger });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      console.error(error.message);
      process.exit(75); // EX_TEMPFAIL
    }
    throw error;
  }
  // A socket handed over open (LISTEN_FDS): Node listens on its descriptor and ignores the port. Its
  // host is given only so Fastify does not also bind localhost's other addresses.
  const listenOn = config.listenFd === undefined ? { port: config.port, host: config.host } : ({ fd: config.listenFd, host: '0.0.0.0' } as FastifyListenOptions);
  await app.listen(listenOn);
  const address = app.getHttpServer().address();
  logger.info(
    {
      port: typeof address === 'object' && address ? address.port : config.port,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      startupMs: Date.now() - started,
    },
    `Dealership site ready at ${config.publicUrl}`,
  );

  // Graceful stop: Nest closes HTTP first (in-flight requests finish), then the database.
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000).unref();
      app
        .close()
        .then(() => {
          clearTimeout(force);
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        });
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
