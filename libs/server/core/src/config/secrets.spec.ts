import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveJwtSecret } from './secrets';

describe('resolveJwtSecret', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'secret-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses JWT_SECRET when set', () => {
    expect(resolveJwtSecret({ dataDir, jwt: { secret: 'x'.repeat(40), expiresIn: '7d' } })).toBe('x'.repeat(40));
  });

  it('generates one, keeps it private under DATA_DIR and returns the same on the next start', () => {
    const first = resolveJwtSecret({ dataDir, jwt: { expiresIn: '7d' } });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret({ dataDir, jwt: { expiresIn: '7d' } })).toBe(first);
  });
});
