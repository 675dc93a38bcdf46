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
      jwt: { previousSecrets: [], expiresIn: '7d' },
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
  });

  it('caps image uploads at MEDIA_MAX_BYTES, 15 MB unless set', () => {
    expect(loadConfig({}).mediaMaxBytes).toBe(15_728_640);
    expect(loadConfig({ MEDIA_MAX_BYTES: '5242880' }).mediaMaxBytes).toBe(5_242_880);
    expect(() => loadConfig({ MEDIA_MAX_BYTES: '15MB' })).toThrow(/MEDIA_MAX_BYTES: must be a number of bytes/);
    expect(() => loadConfig({ MEDIA_MAX_BYTES: '10' })).toThrow(/MEDIA_MAX_BYTES: must be at least 1024 bytes/);
  });

  it('takes spin frames from videos up to SPIN_VIDEO_MAX_BYTES (100 MB) with the FFMPEG_PATH given, if any', () => {
    expect(loadConfig({})).toMatchObject({ spinVideoMaxBytes: 104_857_600, ffmpegPath: undefined });
    expect(loadConfig({ SPIN_VIDEO_MAX_BYTES: '20971520', FFMPEG_PATH: '/usr/bin/ffmpeg' })).toMatchObject({
      spinVideoMaxBytes: 20_971_520,
      ffmpegPath: '/usr/bin/ffmpeg',
    });
    expect(() => loadConfig({ SPIN_VIDEO_MAX_BYTES: '100MB' })).toThrow(/SPIN_VIDEO_MAX_BYTES: must be a number of bytes/);
  });

  it('gives the embedded database a 16 MB page cache unless PGLITE_SHARED_BUFFERS_MB says otherwise', () => {
    expect(loadConfig({}).pgliteSharedBuffersMb).toBe(16);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '128' }).pgliteSharedBuffersMb).toBe(128);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '16MB' })).toThrow(/PGLITE_SHARED_BUFFERS_MB: must be a number of megabytes/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(/PGLITE_SHARED_BUFFERS_MB: must be 1-1024/);
  });

  it('answers /trpc with the custom transport unless TRPC_TRANSPORT says official (docs/trpc-transport.md)', () => {
    expect(loadConfig({}).trpcTransport).toBe('custom');
    expect(loadConfig({ TRPC_TRANSPORT: 'official' }).trpcTransport).toBe('official');
    expect(() => loadConfig({ TRPC_TRANSPORT: 'express' })).toThrow(/TRPC_TRANSPORT: must be one of custom, official/);
  });

  it('sends no traces unless OTEL_EXPORTER_OTLP_ENDPOINT names an http(s) collector', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' }).tracing).toEqual({ endpoint: 'http://127.0.0.1:4318', serviceName: 'dealership' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example', OTEL_SERVICE_NAME: 'dealer-a' }).tracing).toEqual({
      endpoint: 'https://otel.example',
      serviceName: 'dealer-a',
    });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/);
  });

  it('refuses an ADMIN_PASSWORD from the common-password list, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@dealer.test', ADMIN_PASSWORD: 'Password123!' })).toThrow(/ADMIN_PASSWORD: is too common \(attackers try it first\)/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@dealer.test', ADMIN_PASSWORD: 'qwertyuiop' })).toThrow(/ADMIN_PASSWORD: is too common/);
    expect(loadConfig({ ADMIN_EMAIL: 'boss@dealer.test', ADMIN_PASSWORD: 'correct-horse-battery' }).admin?.password).toBe('correct-horse-battery');
  });

  it('trusts X-Forwarded-For only when told to, and only from the right: a hop count or the proxies\' addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1 , 10.0.0.0/8,fd00::/8, ::1 ,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
    // `true` believed the leftmost address, which the client writes: refused, saying what to set.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe whatever X-Forwarded-For a client sends: set the number of proxies/);
    for (const bad of ['yes please', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/8/8', 'nginx', '999', '1.2.3'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: ".*" is not a proxy address: use false, the number of proxies/);
  });

  it('listens on a socket handed over (LISTEN_FDS=1, descriptor 3) only when it is meant for this process', () => {
    expect(loadConfig({}).listenFd).toBeUndefined();
    expect(loadConfig({ LISTEN_FDS: '1' }).listenFd).toBe(3);
    expect(loadConfig({ LISTEN_FDS: '1', LISTEN_PID: String(process.pid) }).listenFd).toBe(3);
    expect(loadConfig({ LISTEN_FDS: '1', LISTEN_PID: String(process.pid + 1) }).listenFd).toBeUndefined();
    expect(() => loadConfig({ LISTEN_FDS: '2' })).toThrow(/LISTEN_FDS: must be 0 or 1: the server listens on one socket/);
  });

  it('allows no other origin by default; CORS_ORIGINS lists exact origins', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://partner.example , http://localhost:5173/ ' }).corsOrigins).toEqual([
      'https://partner.example',
      'http://localhost:5173',
    ]);
    for (const bad of ['*', 'partner.example', 'https://partner.example/path', 'https://*.partner.example', 'ftp://partner.example', 'null']) {
      expect(() => loadConfig({ CORS_ORIGINS: `https://ok.example,${bad}` })).toThrow(/CORS_ORIGINS: .* is not an origin such as https:\/\/partner.example/);
    }
  });

  describe('with DATABASE_URL (instances may run side by side)', () => {
    const server = { DATABASE_URL: 'postgres://app@db.internal:5432/dealership' };
    const secret = { JWT_SECRET: 'x'.repeat(48) };

    it('requires JWT_SECRET, saying how to make one', () => {
      expect(() => loadConfig({ ...server, MEDIA_DIR: '/srv/media' })).toThrow(/JWT_SECRET: is required with DATABASE_URL.*openssl rand -base64 48/);
    });

    it('requires an explicit media location: MEDIA_DIR or CLOUDINARY_URL', () => {
      expect(() => loadConfig({ ...server, ...secret })).toThrow(/MEDIA_DIR: is required with DATABASE_URL unless CLOUDINARY_URL is set/);
      expect(loadConfig({ ...server, ...secret, MEDIA_DIR: '/srv/media' }, '/srv/app')).toMatchObject({
        mediaDir: '/srv/media',
        jwt: { secret: secret.JWT_SECRET },
      });
      expect(loadConfig({ ...server, ...secret, CLOUDINARY_URL: 'cloudinary://key:secret@cloud' }).cloudinaryUrl).toBe('cloudinary://key:secret@cloud');
    });

    it('names both at once', () => {
      expect(() => loadConfig(server)).toThrow(/JWT_SECRET: is required[\s\S]*MEDIA_DIR: is required/);
    });

    it('keeps the embedded default zero-setup (generated secret, media under DATA_DIR)', () => {
      const config = loadConfig({}, '/srv/app');
      expect(config.jwt.secret).toBeUndefined();
      expect(config.mediaDir).toBe('/srv/app/.data/media');
    });
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

  describe('M-Pesa Express (Daraja)', () => {
    const keys = {
      MPESA_CONSUMER_KEY: 'consumer-key',
      MPESA_CONSUMER_SECRET: 'consumer-secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
      MPESA_CALLBACK_URL: 'https://cars.example/',
    };

    it('is off without its settings, on with all of them: the sandbox host and a 15 s timeout unless set', () => {
      expect(loadConfig({}).mpesa).toBeNull();
      expect(loadConfig({ MPESA_ENVIRONMENT: 'production', MPESA_TIMEOUT_MS: '5000' }).mpesa).toBeNull();
      expect(loadConfig(keys).mpesa).toEqual({
        environment: 'sandbox',
        consumerKey: 'consumer-key',
        consumerSecret: 'consumer-secret',
        shortcode: '174379',
        passkey: keys.MPESA_PASSKEY,
        callbackBaseUrl: 'https://cars.example',
        apiUrl: 'https://sandbox.safaricom.co.ke',
        timeoutMs: 15_000,
      });
      expect(loadConfig({ ...keys, MPESA_ENVIRONMENT: 'production' }).mpesa?.apiUrl).toBe('https://api.safaricom.co.ke');
      expect(loadConfig({ ...keys, MPESA_API_URL: 'http://127.0.0.1:4011/' }).mpesa?.apiUrl).toBe('http://127.0.0.1:4011');
    });

    it('refuses some but not all settings, naming the missing ones', () => {
      const some = () => loadConfig({ MPESA_CONSUMER_KEY: 'consumer-key', MPESA_SHORTCODE: '174379' });
      expect(some).toThrow(ConfigError);
      for (const missing of ['MPESA_CONSUMER_SECRET', 'MPESA_PASSKEY', 'MPESA_CALLBACK_URL']) {
        expect(some).toThrow(new RegExp(`${missing}: is required with MPESA_CONSUMER_KEY, MPESA_SHORTCODE`));
      }
      expect(some).not.toThrow(/MPESA_SHORTCODE: is required/);
    });

    it('takes plain http only from a loopback host, for the callback and for Daraja', () => {
      expect(() => loadConfig({ ...keys, MPESA_CALLBACK_URL: 'http://cars.example' })).toThrow(/MPESA_CALLBACK_URL: must be the public https base/);
      expect(() => loadConfig({ ...keys, MPESA_CALLBACK_URL: 'https://cars.example/?token=x' })).toThrow(/MPESA_CALLBACK_URL: must be the public https base/);
      expect(loadConfig({ ...keys, MPESA_CALLBACK_URL: 'http://127.0.0.1:3000' }).mpesa?.callbackBaseUrl).toBe('http://127.0.0.1:3000');
      expect(() => loadConfig({ ...keys, MPESA_API_URL: 'http://daraja.example' })).toThrow(/MPESA_API_URL: must be a URL such as http:\/\/127.0.0.1:4011/);
    });

    it('rejects bad values with clear messages, never repeating a secret', () => {
      expect(() => loadConfig({ ...keys, MPESA_SHORTCODE: '17-4379' })).toThrow(/MPESA_SHORTCODE: must be the paybill or till number/);
      expect(() => loadConfig({ ...keys, MPESA_ENVIRONMENT: 'live' })).toThrow(/MPESA_ENVIRONMENT: must be sandbox or production/);
      expect(() => loadConfig({ ...keys, MPESA_TIMEOUT_MS: '999' })).toThrow(/MPESA_TIMEOUT_MS: must be at least 1000 ms/);
      const secret = () => loadConfig({ ...keys, MPESA_CONSUMER_SECRET: 'has space-secret' });
      expect(secret).toThrow(/MPESA_CONSUMER_SECRET: must be the consumer secret/);
      expect(secret).not.toThrow(/has space-secret/);
    });
  });

  describe('Braintree (card payments)', () => {
    const keys = { BRAINTREE_MERCHANT_ID: 'dealer_merchant', BRAINTREE_PUBLIC_KEY: 'pub123', BRAINTREE_PRIVATE_KEY: 'priv-secret-0123456789abcdef' };

    it('is off without credentials', () => {
      expect(loadConfig({}).braintree).toBeNull();
      // The other settings alone do not turn it on.
      expect(loadConfig({ BRAINTREE_ENVIRONMENT: 'production', BRAINTREE_TIMEOUT_MS: '5000' }).braintree).toBeNull();
    });

    it('is on with all three credentials: sandbox, the merchant default account and a 20 s timeout unless set', () => {
      expect(loadConfig(keys).braintree).toEqual({
        environment: 'sandbox',
        merchantId: 'dealer_merchant',
        publicKey: 'pub123',
        privateKey: 'priv-secret-0123456789abcdef',
        merchantAccountId: undefined,
        apiUrl: undefined,
        timeoutMs: 20_000,
      });
    });

    it('reads the environment, the KES merchant account, another host and the timeout', () => {
      const config = loadConfig({
        ...keys,
        BRAINTREE_ENVIRONMENT: 'production',
        BRAINTREE_MERCHANT_ACCOUNT_ID: 'dealer_KES',
        BRAINTREE_API_URL: 'http://127.0.0.1:4010',
        BRAINTREE_TIMEOUT_MS: '1000',
      });
      expect(config.braintree).toMatchObject({
        environment: 'production',
        merchantAccountId: 'dealer_KES',
        apiUrl: { host: '127.0.0.1', port: 4010, ssl: false },
        timeoutMs: 1000,
      });
      expect(loadConfig({ ...keys, BRAINTREE_API_URL: 'https://braintree-proxy.internal/' }).braintree?.apiUrl).toEqual({
        host: 'braintree-proxy.internal',
        port: 443,
        ssl: true,
      });
      expect(loadConfig({ ...keys, BRAINTREE_API_URL: 'http://[::1]:9000' }).braintree?.apiUrl).toEqual({ host: '::1', port: 9000, ssl: false });
    });

    it('trims pasted credentials', () => {
      expect(loadConfig({ ...keys, BRAINTREE_PRIVATE_KEY: ' priv-secret\n' }).braintree?.privateKey).toBe('priv-secret');
    });

    it('refuses some but not all credentials, naming the missing ones', () => {
      const only = () => loadConfig({ BRAINTREE_MERCHANT_ID: 'dealer_merchant' });
      expect(only).toThrow(ConfigError);
      expect(only).toThrow(/BRAINTREE_PUBLIC_KEY: is required with BRAINTREE_MERCHANT_ID/);
      expect(only).toThrow(/BRAINTREE_PRIVATE_KEY: is required with BRAINTREE_MERCHANT_ID/);
      expect(() => loadConfig({ ...keys, BRAINTREE_PRIVATE_KEY: '' })).toThrow(
        /BRAINTREE_PRIVATE_KEY: is required with BRAINTREE_MERCHANT_ID and BRAINTREE_PUBLIC_KEY.*unset all three/,
      );
      expect(() => loadConfig({ ...keys, BRAINTREE_PRIVATE_KEY: '' })).not.toThrow(/BRAINTREE_MERCHANT_ID:/);
    });

    it('rejects bad values with clear messages', () => {
      expect(() => loadConfig({ ...keys, BRAINTREE_ENVIRONMENT: 'live' })).toThrow(/BRAINTREE_ENVIRONMENT: must be sandbox or production/);
      expect(() => loadConfig({ ...keys, BRAINTREE_TIMEOUT_MS: '20s' })).toThrow(/BRAINTREE_TIMEOUT_MS: must be a number of milliseconds/);
      expect(() => loadConfig({ ...keys, BRAINTREE_TIMEOUT_MS: '999' })).toThrow(/BRAINTREE_TIMEOUT_MS: must be at least 1000 ms/);
      expect(() => loadConfig({ ...keys, BRAINTREE_TIMEOUT_MS: '120001' })).toThrow(/BRAINTREE_TIMEOUT_MS: must be at most 120000 ms/);
      expect(() => loadConfig({ ...keys, BRAINTREE_MERCHANT_ID: 'dealer/../x' })).toThrow(
        /BRAINTREE_MERCHANT_ID: must be an id from the Braintree control panel/,
      );
      expect(() => loadConfig({ ...keys, BRAINTREE_MERCHANT_ACCOUNT_ID: 'KES account' })).toThrow(/BRAINTREE_MERCHANT_ACCOUNT_ID: must be an id/);
      expect(() => loadConfig({ ...keys, BRAINTREE_PUBLIC_KEY: 'pub:lic' })).toThrow(/BRAINTREE_PUBLIC_KEY: must be the public key/);
      // Plain http carries the private key in the clear: loopback only.
      for (const bad of ['127.0.0.1:4010', 'http://gateway.example:4010', 'http://127.0.0.1:4010/merchants', 'ftp://127.0.0.1']) {
        expect(() => loadConfig({ ...keys, BRAINTREE_API_URL: bad })).toThrow(/BRAINTREE_API_URL: must be a URL such as http:\/\/127.0.0.1:4010/);
      }
    });

    it('never repeats the private key in its messages', () => {
      const secret = 'priv secret with spaces';
      try {
        loadConfig({ ...keys, BRAINTREE_PRIVATE_KEY: secret, BRAINTREE_TIMEOUT_MS: 'x' });
        throw new Error('expected a ConfigError');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toContain('BRAINTREE_PRIVATE_KEY: must be the private key');
        expect((error as Error).message).not.toContain(secret);
      }
    });
  });

  describe('WhatsApp (Cloud API)', () => {
    const keys = {
      WHATSAPP_ACCESS_TOKEN: 'EAAG-access-token',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: 'app-secret-0123456789',
      WHATSAPP_VERIFY_TOKEN: 'verify-token-123',
    };

    it("is off without its settings, on with all four: Meta's Graph API unless WHATSAPP_API_URL says otherwise", () => {
      expect(loadConfig({}).messaging.whatsapp).toBeNull();
      expect(loadConfig({ WHATSAPP_API_URL: 'https://graph.facebook.com/v22.0' }).messaging.whatsapp).toBeNull();
      expect(loadConfig(keys).messaging.whatsapp).toEqual({
        accessToken: 'EAAG-access-token',
        phoneNumberId: '106540352242922',
        appSecret: 'app-secret-0123456789',
        verifyToken: 'verify-token-123',
        apiUrl: 'https://graph.facebook.com/v21.0',
        templates: [],
        notifyTemplate: null,
      });
    });

    it('refuses some but not all of the four, naming the missing ones', () => {
      const some = () => loadConfig({ WHATSAPP_ACCESS_TOKEN: keys.WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET: keys.WHATSAPP_APP_SECRET });
      expect(some).toThrow(ConfigError);
      for (const missing of ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_VERIFY_TOKEN'])
        expect(some).toThrow(new RegExp(`${missing}: is required with WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET: WhatsApp needs`));
      expect(some).not.toThrow(/WHATSAPP_ACCESS_TOKEN: is required/);
      expect(some).not.toThrow(/WHATSAPP_APP_SECRET: is required/);
      // Never the secrets themselves in the message.
      expect(some).not.toThrow(new RegExp(keys.WHATSAPP_APP_SECRET));
      for (const [name, value] of Object.entries(keys)) {
        const without = Object.fromEntries(Object.entries(keys).filter(([key]) => key !== name));
        expect(() => loadConfig(without)).toThrow(new RegExp(`${name}: is required with`));
        expect(loadConfig({ ...without, [name]: value }).messaging.whatsapp).not.toBeNull();
      }
    });

    it('takes WHATSAPP_API_URL over plain http only from a loopback host (the token goes with every request)', () => {
      for (const url of ['http://127.0.0.1:4030/v21.0', 'http://localhost:4030/v21.0', 'http://[::1]:4030/v21.0'])
        expect(loadConfig({ ...keys, WHATSAPP_API_URL: url }).messaging.whatsapp?.apiUrl).toBe(url);
      expect(loadConfig({ ...keys, WHATSAPP_API_URL: 'https://graph.example/v22.0/' }).messaging.whatsapp?.apiUrl).toBe('https://graph.example/v22.0');
      for (const bad of [
        'http://graph.facebook.com/v21.0',
        'http://10.0.0.5:4030/v21.0',
        'http://127.0.0.1.example/v21.0',
        'ftp://graph.facebook.com/v21.0',
        'https://graph.facebook.com/v21.0?access_token=x',
        'https://user:pass@graph.facebook.com/v21.0',
        'graph.facebook.com/v21.0',
      ])
        expect(() => loadConfig({ ...keys, WHATSAPP_API_URL: bad })).toThrow(/WHATSAPP_API_URL: must be the Graph API base with its version, e\.g\. https:\/\/graph\.facebook\.com\/v21\.0 \(https unless the host is loopback/);
    });
  });

  it('reads the dealer phone and a public URL without trailing slash', () => {
    const config = loadConfig({ DEALER_PHONE: '+254 712 345 678', PUBLIC_URL: 'https://cars.example.co.ke/' });
    expect(config.dealerPhone).toBe('+254 712 345 678');
    expect(config.publicUrl).toBe('https://cars.example.co.ke');
  });
});
