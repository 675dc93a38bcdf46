import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './env';

/**
 * The JWT signing secret: JWT_SECRET when set, else one generated on first start and kept
 * in `DATA_DIR/jwt-secret` (mode 0600) so tokens survive restarts.
 */
export function resolveJwtSecret(config: Pick<AppConfig, 'jwt' | 'dataDir'>): string {
  if (config.jwt.secret) return config.jwt.secret;
  const file = join(config.dataDir, 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
