import { createHash, hkdfSync, randomBytes } from 'node:crypto';
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

/** What a key derived from the server's secret is for: each purpose has keys of its own. */
export type KeyPurpose = 'session-token' | 'totp-secret' | 'alert-links' | 'known-device' | 'import-tracking' | 'trade-in-offer';

/** A key and its id (a short hash of it: a token names the key it was signed with, `kid`). */
export interface PurposeKey {
  id: string;
  key: Buffer;
}

/** The keys of one purpose: `current` signs and encrypts; `all` (current first) verify and decrypt. */
export interface PurposeKeys {
  current: PurposeKey;
  all: PurposeKey[];
}

function purposeKey(secret: string, purpose: KeyPurpose): PurposeKey {
  // HKDF with the purpose as its label (RFC 5869): a key of one purpose says nothing of another's,
  // and none is the secret itself. Salt and labels are those the first derived keys used.
  const key = Buffer.from(hkdfSync('sha256', secret, 'dealership', purpose, 32));
  return { id: createHash('sha256').update(key).digest('base64url').slice(0, 8), key };
}

/**
 * The keys of `purpose`, derived from JWT_SECRET (or the generated one) and, to verify and decrypt
 * only, from each of JWT_SECRET_PREVIOUS: a rotated secret goes on verifying sessions, alert links
 * and known devices, and decrypting stored second factors, until it is dropped from that list.
 */
export function purposeKeys(config: Pick<AppConfig, 'jwt' | 'dataDir'>, purpose: KeyPurpose): PurposeKeys {
  const all = [resolveJwtSecret(config), ...config.jwt.previousSecrets].map((secret) => purposeKey(secret, purpose));
  return { current: all[0] as PurposeKey, all };
}
