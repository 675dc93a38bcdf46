import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../create-app';
import { wholeServerTestConfig } from './test-config';

/** The whole server on a fresh database, as the privacy specs drive it over HTTP (`app.inject`). */
export interface PrivacyServer {
  app: NestFastifyApplication;
  database: DatabaseHandle;
  /** Where the server keeps its media (MEDIA_DIR). */
  mediaDir: string;
  /** A tRPC call; answers the status and the parsed body. */
  trpc: (path: string, input: unknown, token?: string, method?: 'GET' | 'POST') => Promise<{ status: number; body: TrpcBody }>;
  close: () => Promise<void>;
}

export interface TrpcBody {
  result?: { data: unknown };
  error?: { message: string; data: { httpStatus: number; code: string; field: string | null; fieldErrors: Record<string, string[]> | null } };
}

let clientAddress = 0;

/** Starts the whole server (no demo seed, media under a temporary folder), optionally on `database`. */
export async function startPrivacyServer(env: Record<string, string> = {}, database?: DatabaseHandle): Promise<PrivacyServer> {
  const root = mkdtempSync(join(tmpdir(), 'privacy-'));
  const handle = database ?? (await createTestDatabase());
  const mediaDir = env['MEDIA_DIR'] ?? join(root, 'media');
  const config = wholeServerTestConfig(root, { JWT_SECRET: 'privacy-spec-secret-0123456789-abcdefghijklmnop', TRUST_PROXY: '1', ...env, MEDIA_DIR: mediaDir });
  const app = await createApp(config, { database: handle });
  await app.getHttpAdapter().getInstance().ready();
  const trpc: PrivacyServer['trpc'] = async (path, input, token, method = 'POST') => {
    // Each call from an address of its own: the per-address throttles are not what is tested here.
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-forwarded-for': `10.88.${Math.floor(++clientAddress / 250)}.${clientAddress % 250}`,
    };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const res =
      method === 'GET'
        ? await app.inject({ method, url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, headers })
        : await app.inject({ method, url: `/trpc/${path}`, headers, payload: JSON.stringify(input ?? {}) });
    return { status: res.statusCode, body: res.json() as TrpcBody };
  };
  return {
    app,
    database: handle,
    mediaDir,
    trpc,
    close: async () => {
      await app.close();
      if (!database) await handle.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
