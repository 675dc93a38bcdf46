import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('gives working defaults for a newcomer', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      dataDir: '/srv/app/.data',
      mediaDir: '/srv/app/.data/media',
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      jwt: { expiresIn: '7d' },
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
  });

  it('trusts X-Forwarded-For only when told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY: must be true, false or the number of proxies/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
  });

  it('names every bad variable', () => {
    const bad = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a number');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    }
  });

  it('refuses production without the admin account', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_EMAIL: is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'long-enough' })).not.toThrow();
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD: must be set together/);
  });

  it('reads the dealer phone and a public URL without trailing slash', () => {
    const config = loadConfig({ DEALER_PHONE: '+254 712 345 678', PUBLIC_URL: 'https://cars.example.co.ke/' });
    expect(config.dealerPhone).toBe('+254 712 345 678');
    expect(config.publicUrl).toBe('https://cars.example.co.ke');
  });
});
