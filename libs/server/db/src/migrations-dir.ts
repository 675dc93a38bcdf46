import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the committed drizzle-kit migrations are: beside the server bundle once built
 * (`dist/apps/server/migrations`), or in this library when running from source (tests, dev).
 */
export function findMigrationsDir(): string {
  const candidates = [resolve(__dirname, 'migrations'), resolve(__dirname, '../migrations'), resolve(__dirname, '../../migrations')];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}
