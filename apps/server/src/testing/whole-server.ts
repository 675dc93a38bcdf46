import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../create-app';
import { wholeServerTestConfig } from './test-config';

/** The whole server in this process, on a fresh test database, its files in a temporary folder. */
export interface WholeServer {
  app: NestFastifyApplication;
  database: DatabaseHandle;
  /** Closes the server and the database and removes the folder. */
  close(): Promise<void>;
}

/** Starts the whole server with `wholeServerTestConfig` and `env` on top (TRUST_PROXY, TRPC_TRANSPORT, ...). */
export async function startWholeServer(env: Record<string, string> = {}): Promise<WholeServer> {
  const root = mkdtempSync(join(tmpdir(), 'whole-server-'));
  const database = await createTestDatabase();
  const app = await createApp(wholeServerTestConfig(root, env), { database });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The whole server for the enclosing `describe`: started before its tests (`startWholeServer`
 * with `env`), closed after them. Read `app` and `database` inside the tests.
 */
export function useWholeServer(env: Record<string, string> = {}): Pick<WholeServer, 'app' | 'database'> {
  let server: WholeServer | undefined;
  beforeAll(async () => {
    server = await startWholeServer(env);
  }, 120_000);
  afterAll(() => server?.close());
  const started = () => {
    if (!server) throw new Error('the whole server is used outside its describe block');
    return server;
  };
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
  };
}
