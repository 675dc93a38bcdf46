import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isCommonPassword } from './common-passwords';

// The one place that reads process.env (house style, principle 4). Everything else receives AppConfig.

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const TRPC_TRANSPORTS = ['custom', 'official'] as const;

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it, or the reason it is refused. `true` is refused:
 * it believes the leftmost X-Forwarded-For address, which the client writes itself, so a random
 * header would walk around every per-address throttle. A hop count or the proxies' own addresses
 * take the client address from the right, where only our proxies write.
 */
function trustedProxies(value: string): false | number | string[] | string {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true')
    return 'true would believe whatever X-Forwarded-For a client sends: set the number of proxies in front of the server (1 behind one nginx, 2 behind a load balancer and nginx) or their addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8)';
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.find((item) => !isProxyAddress(item));
  if (bad !== undefined || items.length === 0)
    return `"${bad ?? text}" is not a proxy address: use false, the number of proxies in front of the server (e.g. 1), or their addresses/CIDRs separated by commas (e.g. 127.0.0.1,10.0.0.0/8,fd00::/8, or loopback)`;
  return items;
}

/** An IPv4/IPv6 address, a CIDR range of one, or one of proxy-addr's range names. */
function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.includes(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `https://partner.example[:port]` as browsers send it in `Origin`, or undefined for anything else (paths, wildcards). */
function exactOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    // A wildcard would parse as a host name; CORS compares origins exactly.
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname.includes('*')) return undefined;
    return url.origin === text.replace(/\/$/, '') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

// Braintree merchant and merchant account ids: letters, digits, `_` and `-` (they go into URL paths).
const braintreeId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be an id from the Braintree control panel (letters, digits, _ and -)' });

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * `BRAINTREE_API_URL` as `{host, port, ssl}`, or undefined when it is not a bare origin. Plain http
 * only to this machine: the requests carry the private key (Basic auth).
 */
/**
 * The base URL Daraja calls back: https (plain http only to a loopback host, for tests), no query or
 * fragment; kept without a trailing slash.
 */
function callbackBase(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname))) return undefined;
  if (url.search || url.hash || url.username || url.password) return undefined;
  return url.href.replace(/\/$/, '');
}

function gatewayUrl(text: string): { host: string; port: number; ssl: boolean } | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const ssl = url.protocol === 'https:';
  if ((!ssl && url.protocol !== 'http:') || url.origin !== text.replace(/\/$/, '')) return undefined;
  if (!ssl && !LOOPBACK_HOSTS.includes(url.hostname)) return undefined;
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : ssl ? 443 : 80, ssl };
}

/** The first descriptor of sockets handed over by socket activation (sd_listen_fds(3)). */
const SD_LISTEN_FDS_START = 3;

/** Every variable the server reads, with its check and default; `.env.example` lists each one (env-example.spec.ts). */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    PORT: z.coerce.number({ error: 'must be a number' }).int().min(0, { error: 'must be 0-65535' }).max(65535, { error: 'must be 0-65535' }).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    // Socket activation as systemd does it (sd_listen_fds(3)): the listening socket arrives open as
    // file descriptor 3, bound by whoever started the server, which then never races for a port.
    LISTEN_FDS: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be 0 or 1' })
      .min(0, { error: 'must be 0 or 1' })
      .max(1, { error: 'must be 0 or 1: the server listens on one socket' })
      .optional(),
    LISTEN_PID: z.coerce.number({ error: 'must be a process id' }).int({ error: 'must be a process id' }).optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200).default(10),
    PGLITE_SHARED_BUFFERS_MB: z.coerce
      .number({ error: 'must be a number of megabytes' })
      .int({ error: 'must be a whole number of megabytes' })
      .min(1, { error: 'must be 1-1024' })
      .max(1024, { error: 'must be 1-1024' })
      .default(16),
    PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://dealer.example' }).optional(),
    DEALER_PHONE: z
      .string()
      .regex(/^\+?[0-9][0-9 ()-]{6,20}$/, { error: 'must be a phone number such as +254 712 345 678' })
      .default('+254 700 000 000'),
    ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(8, { error: 'must be at least 8 characters' })
      // The owner's account signs in from the internet: a password from attackers' lists is refused as the users' are.
      .refine((v) => !isCommonPassword(v), { error: 'is too common (attackers try it first): choose a longer one of your own, such as a few unrelated words' })
      .optional(),
    ADMIN_NAME: z.string().min(1).default('Admin'),
    JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+[smhd]$/, { error: 'must be a duration such as 15m, 12h or 7d' })
      .default('7d'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx) => {
        const trust = trustedProxies(v);
        if (typeof trust === 'string') ctx.addIssue({ code: 'custom', message: trust });
        return typeof trust === 'string' ? false : trust;
      }),
    CORS_ORIGINS: z
      .string()
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const item of v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)) {
          const origin = exactOrigin(item);
          if (origin) origins.push(origin);
          else
            ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin such as https://partner.example (scheme, host and port only; no path, no *)` });
        }
        return origins;
      })
      .optional(),
    // Which code answers /trpc calls (docs/trpc-transport.md): ours (`custom`) or tRPC's Fastify adapter.
    TRPC_TRANSPORT: z.enum(TRPC_TRANSPORTS, { error: `must be one of ${TRPC_TRANSPORTS.join(', ')}` }).default('custom'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    SEED_DEMO: booleanish.default(true),
    WEB_DIST_DIR: z.string().min(1).optional(),
    MEDIA_DIR: z.string().min(1).optional(),
    MEDIA_MAX_BYTES: z.coerce
      .number({ error: 'must be a number of bytes' })
      .int({ error: 'must be a whole number of bytes' })
      .min(1024, { error: 'must be at least 1024 bytes' })
      .max(104_857_600, { error: 'must be at most 104857600 bytes (100 MB)' })
      .default(15_728_640),
    LEAD_HOURLY_CAP: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).default(300),
    LEAD_PHOTO_HOURLY_CAP: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).default(600),
    MEDIA_MIN_FREE_BYTES: z.coerce
      .number({ error: 'must be a number of bytes' })
      .int({ error: 'must be a whole number of bytes' })
      .min(0, { error: 'must be 0 (no check) or more bytes' })
      .default(268_435_456),
    CLOUDINARY_URL: z
      .string()
      .regex(/^cloudinary:\/\/[^:]+:[^@]+@.+/, { error: 'must look like cloudinary://key:secret@cloud' })
      .optional(),
    // Braintree: all three credentials turn card payments on, none leaves them off (reservations only).
    BRAINTREE_ENVIRONMENT: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
    BRAINTREE_MERCHANT_ID: braintreeId.optional(),
    BRAINTREE_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[^\s:]+$/, { error: 'must be the public key from the Braintree control panel (no spaces or colons)' })
      .optional(),
    // A secret: its messages never repeat the value.
    BRAINTREE_PRIVATE_KEY: z.string().trim().regex(/^\S+$/, { error: 'must be the private key from the Braintree control panel (no spaces)' }).optional(),
    BRAINTREE_MERCHANT_ACCOUNT_ID: braintreeId.optional(),
    BRAINTREE_API_URL: z
      .string()
      .trim()
      .transform((v, ctx) => {
        const url = gatewayUrl(v);
        if (!url)
          ctx.addIssue({
            code: 'custom',
            message: 'must be a URL such as http://127.0.0.1:4010 (scheme, host and port only), https unless the host is loopback',
          });
        return url ?? z.NEVER;
      })
      .optional(),
    BRAINTREE_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(1000, { error: 'must be at least 1000 ms' })
      .max(120_000, { error: 'must be at most 120000 ms (2 minutes)' })
      .default(20_000),
    // M-Pesa Express (Daraja): all of key, secret, shortcode, passkey and callback URL, or none.
    MPESA_ENVIRONMENT: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
    MPESA_CONSUMER_KEY: z.string().trim().regex(/^\S+$/, { error: "must be the consumer key of the app on Safaricom's Daraja portal (no spaces)" }).optional(),
    // A secret: its messages never repeat the value.
    MPESA_CONSUMER_SECRET: z.string().trim().regex(/^\S+$/, { error: "must be the consumer secret of the app on Safaricom's Daraja portal (no spaces)" }).optional(),
    MPESA_SHORTCODE: z
      .string()
      .trim()
      .regex(/^\d{5,7}$/, { error: 'must be the paybill or till number (5 to 7 digits), e.g. 174379 in the sandbox' })
      .optional(),
    // A secret too.
    MPESA_PASSKEY: z.string().trim().regex(/^\S{16,}$/, { error: 'must be the Lipa na M-Pesa Online passkey from the Daraja portal (no spaces)' }).optional(),
    MPESA_CALLBACK_URL: z
      .string()
      .trim()
      .transform((v, ctx) => {
        const url = callbackBase(v);
        if (!url)
          ctx.addIssue({
            code: 'custom',
            message: 'must be the public https base Daraja calls back, such as https://cars.example (plain http only to a loopback host, for tests)',
          });
        return url ?? z.NEVER;
      })
      .optional(),
    MPESA_API_URL: z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (!gatewayUrl(v))
          ctx.addIssue({
            code: 'custom',
            message: 'must be a URL such as http://127.0.0.1:4011 (scheme, host and port only), https unless the host is loopback',
          });
        return v.replace(/\/$/, '');
      })
      .optional(),
    MPESA_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(1000, { error: 'must be at least 1000 ms' })
      .max(120_000, { error: 'must be at most 120000 ms (2 minutes)' })
      .default(15_000),
    // Messages (docs/messaging.md): email by SMTP, SMS by Africa's Talking; either may be left unset.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465' })
      .optional(),
    MAIL_FROM: z.string().trim().min(3, { error: 'must be an address such as "Dealer <sales@dealer.example>"' }).optional(),
    AFRICASTALKING_USERNAME: z
      .string()
      .trim()
      .regex(/^\S+$/, { error: "must be the app's username from Africa's Talking (sandbox for their sandbox)" })
      .optional(),
    // A secret: its messages never repeat the value.
    AFRICASTALKING_API_KEY: z.string().trim().regex(/^\S+$/, { error: "must be the API key from Africa's Talking (no spaces)" }).optional(),
    AFRICASTALKING_SENDER_ID: z
      .string()
      .trim()
      .min(1)
      .max(11, { error: 'must be at most 11 characters (an approved alphanumeric sender id or shortcode)' })
      .optional(),
    AFRICASTALKING_API_URL: z
      .string()
      .transform((text, ctx) => {
        const url = gatewayUrl(text);
        if (!url) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be a URL such as http://127.0.0.1:4020 (scheme, host and port only), https unless the host is loopback',
          });
          return z.NEVER;
        }
        return `${url.ssl ? 'https' : 'http'}://${url.host.includes(':') ? `[${url.host}]` : url.host}:${url.port}`;
      })
      .optional(),
    LEAD_ALERT_EMAILS: z
      .string()
      .transform((text, ctx) => {
        const list = text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        for (const item of list) {
          if (!z.email().safeParse(item).success) ctx.addIssue({ code: 'custom', message: `"${item}" is not an email address` });
        }
        return list;
      })
      .optional(),
    LEAD_ALERT_PHONES: z
      .string()
      .transform((text, ctx) => {
        const list = text
          .split(',')
          .map((item) => item.replace(/[\s()-]/g, ''))
          .filter(Boolean);
        for (const item of list) {
          if (!/^\+[1-9][0-9]{7,14}$/.test(item))
            ctx.addIssue({ code: 'custom', message: `"${item}" is not a phone number in international form such as +254712345678` });
        }
        return list;
      })
      .optional(),
    MESSAGE_SEND_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(1000, { error: 'must be at least 1000 ms' })
      .max(300_000, { error: 'must be at most 300000 ms (5 minutes)' })
      .default(30_000),
    ALERT_DISPATCH_INTERVAL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(1000, { error: 'must be at least 1000 ms' })
      .max(3_600_000, { error: 'must be at most 3600000 ms (an hour)' })
      .default(60_000),
    RESERVATION_SWEEP_INTERVAL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(1000, { error: 'must be at least 1000 ms' })
      .max(3_600_000, { error: 'must be at most 3600000 ms (an hour)' })
      .default(30_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const key of ['ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production (the admin account is created from it)' });
      }
    }
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'must be set together with the other ADMIN_ variable',
      });
    }
    // With a database server, instances may run side by side: what the embedded default keeps in
    // DATA_DIR (a generated secret, uploaded images) would differ from one instance to the next.
    if (env.DATABASE_URL) {
      if (!env.JWT_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message:
            'is required with DATABASE_URL, the same on every instance (tokens signed by one are checked by the others): set it to a random value, e.g. JWT_SECRET="$(openssl rand -base64 48)"',
        });
      }
      if (!env.MEDIA_DIR && !env.CLOUDINARY_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['MEDIA_DIR'],
          message:
            'is required with DATABASE_URL unless CLOUDINARY_URL is set: a folder every instance shares for uploaded images (e.g. MEDIA_DIR=/srv/dealership/media), or CLOUDINARY_URL=cloudinary://key:secret@cloud',
        });
      }
    }
    if ((env.AFRICASTALKING_USERNAME === undefined) !== (env.AFRICASTALKING_API_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.AFRICASTALKING_USERNAME ? 'AFRICASTALKING_API_KEY' : 'AFRICASTALKING_USERNAME'],
        message: 'is required with the other: SMS need AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY together (unset both to send no SMS)',
      });
    }
    // The same for M-Pesa: some but not all of its settings refuse to start, naming the missing ones.
    const mpesaSettings = ['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORTCODE', 'MPESA_PASSKEY', 'MPESA_CALLBACK_URL'] as const;
    const mpesaSet = mpesaSettings.filter((key) => env[key] !== undefined);
    if (mpesaSet.length > 0 && mpesaSet.length < mpesaSettings.length) {
      for (const key of mpesaSettings.filter((key) => env[key] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is required with ${mpesaSet.join(', ')}: M-Pesa payments need ${mpesaSettings.join(', ')} together (unset them all to take no M-Pesa)`,
        });
      }
    }
    // Half a set of credentials would quietly leave card payments off: refuse it, naming what is missing.
    const credentials = ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'] as const;
    const set = credentials.filter((key) => env[key] !== undefined);
    if (set.length > 0 && set.length < credentials.length) {
      for (const key of credentials.filter((key) => env[key] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is required with ${set.join(' and ')}: card payments need BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY together (unset all three to take reservations only)`,
        });
      }
    }
  });

/** The validated configuration every part of the server reads. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** A listening socket handed over open (socket activation): listen on it instead of PORT and HOST. */
  listenFd?: number;
  /** Absolute path of the data folder (embedded database, media, generated secrets). */
  dataDir: string;
  /** A PostgreSQL server URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  databasePoolSize: number;
  /** PGlite's `shared_buffers` in MB (its page cache, inside its WebAssembly memory, which never shrinks). */
  pgliteSharedBuffersMb: number;
  /** Absolute base URL for canonical links and the sitemap; derived from PORT when unset. */
  publicUrl: string;
  dealerPhone: string;
  admin?: { email: string; password: string; name: string };
  jwt: { secret?: string; expiresIn: string };
  /**
   * Which X-Forwarded-For entries to believe (client addresses for logs and throttles): false when
   * clients connect directly; behind proxies, their number (hops) or their addresses/CIDRs. The
   * client address is then the rightmost entry not written by a trusted proxy (Fastify's proxy-addr).
   */
  trustProxy: false | number | string[];
  /** Other sites' origins allowed to call the API from a browser (CORS); empty: none. */
  corsOrigins: string[];
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * What answers `/trpc` calls: `custom` (libs/server/http/src/trpc-http.ts's own JSON path) or
   * `official` (tRPC's `fastifyTRPCPlugin`), both behind the same limits (docs/trpc-transport.md).
   */
  trpcTransport: (typeof TRPC_TRANSPORTS)[number];
  seedDemo: boolean;
  /** Built web app to serve; resolved next to the server bundle when unset. */
  webDistDir?: string;
  mediaDir: string;
  /** Largest image upload accepted, in bytes (413 beyond). */
  mediaMaxBytes: number;
  /** Buyers' requests, and their photos, accepted per hour from every address together (503 beyond). */
  leadHourlyCap: number;
  leadPhotoHourlyCap: number;
  /**
   * How often reservations without a deposit are checked for a hold that ends soon or has ended
   * (`RESERVATION_SWEEP_INTERVAL_MS`, default 30 s): a hold ends at most this long late.
   */
  reservationSweepIntervalMs: number;
  /** Free bytes the media folder's disk must keep: a local upload that would go below is refused with 503 (0: no check). */
  mediaMinFreeBytes: number;
  /** `cloudinary://key:secret@cloud`: images stored on Cloudinary instead of `mediaDir`. */
  cloudinaryUrl?: string;
  /** Card payments through Braintree; null when `BRAINTREE_*` is unset (reservations only). */
  braintree: BraintreeConfig | null;
  /** M-Pesa Express through Daraja; null when `MPESA_*` is unset. */
  mpesa: MpesaConfig | null;
  /** Email and SMS (docs/messaging.md). */
  messaging: MessagingConfig;
}

/** Where messages go out (`SMTP_URL`, `AFRICASTALKING_*`) and who hears of new leads and orders. */
export interface MessagingConfig {
  /** `smtp(s)://user:password@host:port`: a secret (its password); null sends no email. */
  smtpUrl: string | null;
  /** The From of every email: `MAIL_FROM`, or no-reply@ the SMTP host's domain. */
  mailFrom: string | null;
  /** Africa's Talking; null sends no SMS. */
  sms: { username: string; apiKey: string; senderId?: string; apiUrl: string } | null;
  /** Extra staff who hear of every new lead and order, besides the admin accounts. */
  alertEmails: string[];
  alertPhones: string[];
  /** How long one send may take before it counts as failed (and a claim is held twice that). */
  sendTimeoutMs: number;
  /** How often buyers' alerts are matched and sent (`ALERT_DISPATCH_INTERVAL_MS`, default a minute). */
  alertDispatchIntervalMs: number;
}

/** M-Pesa Express's settings (`MPESA_*`), present only when all are set. */
export interface MpesaConfig {
  environment: 'sandbox' | 'production';
  consumerKey: string;
  /** A secret: never log it (nor the config object that carries it). */
  consumerSecret: string;
  shortcode: string;
  /** A secret too. */
  passkey: string;
  /** The public base Daraja calls back (our callback path, with its token, goes after it). */
  callbackBaseUrl: string;
  /** Daraja's origin: `MPESA_API_URL`, else the environment's (sandbox.safaricom.co.ke, api.safaricom.co.ke). */
  apiUrl: string;
  /** How long one call to Daraja may take before it fails. */
  timeoutMs: number;
}

/** Braintree's settings (`BRAINTREE_*`), present only when all three credentials are set. */
export interface BraintreeConfig {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  /** A secret: never log it (nor the config object that carries it). */
  privateKey: string;
  /** The merchant account that charges in KES; the merchant's default account when unset. */
  merchantAccountId?: string;
  /** Another gateway host instead of `environment`'s (a loopback stub in tests), from `BRAINTREE_API_URL`. */
  apiUrl?: { host: string; port: number; ssl: boolean };
  /** How long one call to the gateway may stay silent before it fails (the SDK's timeout). */
  timeoutMs: number;
}

/** Thrown at boot when the environment is invalid; the message names each bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment (empty values count as unset) and derives the app's configuration. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = resolve(cwd, e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // LISTEN_PID, when set, names the process the socket is meant for (systemd sets it; a parent that
    // cannot know its child's pid leaves it unset).
    listenFd: e.LISTEN_FDS === 1 && (e.LISTEN_PID === undefined || e.LISTEN_PID === process.pid) ? SD_LISTEN_FDS_START : undefined,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dealerPhone: e.DEALER_PHONE,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME } : undefined,
    jwt: { secret: e.JWT_SECRET, expiresIn: e.JWT_EXPIRES_IN },
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS ?? [],
    logLevel: e.LOG_LEVEL,
    trpcTransport: e.TRPC_TRANSPORT,
    seedDemo: e.SEED_DEMO,
    webDistDir: e.WEB_DIST_DIR ? resolve(cwd, e.WEB_DIST_DIR) : undefined,
    mediaDir: e.MEDIA_DIR ? resolve(cwd, e.MEDIA_DIR) : resolve(dataDir, 'media'),
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    mediaMinFreeBytes: e.MEDIA_MIN_FREE_BYTES,
    leadHourlyCap: e.LEAD_HOURLY_CAP,
    reservationSweepIntervalMs: e.RESERVATION_SWEEP_INTERVAL_MS,
    leadPhotoHourlyCap: e.LEAD_PHOTO_HOURLY_CAP,
    cloudinaryUrl: e.CLOUDINARY_URL,
    braintree:
      e.BRAINTREE_MERCHANT_ID && e.BRAINTREE_PUBLIC_KEY && e.BRAINTREE_PRIVATE_KEY
        ? {
            environment: e.BRAINTREE_ENVIRONMENT,
            merchantId: e.BRAINTREE_MERCHANT_ID,
            publicKey: e.BRAINTREE_PUBLIC_KEY,
            privateKey: e.BRAINTREE_PRIVATE_KEY,
            merchantAccountId: e.BRAINTREE_MERCHANT_ACCOUNT_ID,
            apiUrl: e.BRAINTREE_API_URL,
            timeoutMs: e.BRAINTREE_TIMEOUT_MS,
          }
        : null,
    mpesa:
      e.MPESA_CONSUMER_KEY && e.MPESA_CONSUMER_SECRET && e.MPESA_SHORTCODE && e.MPESA_PASSKEY && e.MPESA_CALLBACK_URL
        ? {
            environment: e.MPESA_ENVIRONMENT,
            consumerKey: e.MPESA_CONSUMER_KEY,
            consumerSecret: e.MPESA_CONSUMER_SECRET,
            shortcode: e.MPESA_SHORTCODE,
            passkey: e.MPESA_PASSKEY,
            callbackBaseUrl: e.MPESA_CALLBACK_URL,
            apiUrl: e.MPESA_API_URL ?? (e.MPESA_ENVIRONMENT === 'production' ? 'https://api.safaricom.co.ke' : 'https://sandbox.safaricom.co.ke'),
            timeoutMs: e.MPESA_TIMEOUT_MS,
          }
        : null,
    messaging: {
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom: e.MAIL_FROM ?? (e.SMTP_URL ? defaultMailFrom(e.SMTP_URL) : null),
      sms:
        e.AFRICASTALKING_USERNAME && e.AFRICASTALKING_API_KEY
          ? {
              username: e.AFRICASTALKING_USERNAME,
              apiKey: e.AFRICASTALKING_API_KEY,
              senderId: e.AFRICASTALKING_SENDER_ID,
              apiUrl:
                e.AFRICASTALKING_API_URL ??
                (e.AFRICASTALKING_USERNAME === 'sandbox' ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com'),
            }
          : null,
      alertEmails: e.LEAD_ALERT_EMAILS ?? [],
      alertPhones: e.LEAD_ALERT_PHONES ?? [],
      sendTimeoutMs: e.MESSAGE_SEND_TIMEOUT_MS,
      alertDispatchIntervalMs: e.ALERT_DISPATCH_INTERVAL_MS,
    },
  };
}

/** `no-reply@<the SMTP host's domain>` when MAIL_FROM is unset. */
function defaultMailFrom(smtpUrl: string): string {
  try {
    const host = new URL(smtpUrl).hostname.replace(/^(smtp|mail)\./, '');
    return `no-reply@${host}`;
  } catch {
    return 'no-reply@localhost';
  }
}
