import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hkdfSync } from 'node:crypto';
import { purposeKeys, resolveJwtSecret } from './secrets';

describe('resolveJwtSecret', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'secret-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses JWT_SECRET when set', () => {
    expect(resolveJwtSecret({ dataDir, jwt: { secret: 'x'.repeat(40), previousSecrets: [], expiresIn: '7d' } })).toBe('x'.repeat(40));
  });

  it('generates one, keeps it private under DATA_DIR and returns the same on the next start', () => {
    const first = resolveJwtSecret({ dataDir, jwt: { previousSecrets: [], expiresIn: '7d' } });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret({ dataDir, jwt: { previousSecrets: [], expiresIn: '7d' } })).toBe(first);
  });
});

describe('purposeKeys', () => {
  const jwt = (secret: string, previousSecrets: string[] = []) => ({ dataDir: '/nowhere', jwt: { secret, previousSecrets, expiresIn: '7d' } });

  it('derives a key of its own per purpose, none of them the secret, and keeps the previous secrets to verify', () => {
    const secret = 's'.repeat(40);
    const [session, totp] = [purposeKeys(jwt(secret), 'session-token'), purposeKeys(jwt(secret), 'totp-secret')];
    expect(session.current.key.equals(totp.current.key)).toBe(false);
    expect(session.current.key.toString('utf8')).not.toContain(secret);
    expect(session.current.id).toMatch(/^[\w-]{8}$/);
    // The first derivation (before the purposes were named): the TOTP key stays what it was.
    expect(totp.current.key.equals(Buffer.from(hkdfSync('sha256', secret, 'dealership', 'totp-secret', 32)))).toBe(true);

    const rotated = purposeKeys(jwt('n'.repeat(40), [secret]), 'session-token');
    expect(rotated.current.id).not.toBe(session.current.id);
    expect(rotated.all.map((key) => key.id)).toEqual([rotated.current.id, session.current.id]);
  });
});
