import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { booleanish, milliseconds } from './env-values';

// The server itself: where it listens and keeps its data, how it is reached, what it logs.

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

/** The first descriptor of sockets handed over by socket activation (sd_listen_fds(3)). */
const SD_LISTEN_FDS_START = 3;

export const serverEnv = {
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
  /** Where backups are written (`npm run backup`, the daily job); default `DATA_DIR/backups`. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** The daily backup into BACKUP_DIR (once across instances). */
  BACKUP_DAILY: booleanish.default(true),
  /** An S3-compatible bucket each backup is copied to (`s3://[KEY:SECRET@]bucket/prefix?region=..&endpoint=..`). */
  BACKUP_S3_URL: z
    .string()
    .regex(/^s3:\/\/([^/@]+@)?[^/@?]+/, { error: 'must be an s3:// URL such as s3://bucket/prefix?region=eu-west-1' })
    .optional(),
  /** `GET /metrics` answers only `Authorization: Bearer <METRICS_TOKEN>`; unset: no metrics at all. */
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** An OTLP/HTTP collector (`http://collector:4318`): each request's span is sent to its `/v1/traces`; unset: no traces at all. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as http://127.0.0.1:4318' }).optional(),
  /** The traces' `service.name`. */
  OTEL_SERVICE_NAME: z.string().min(1).default('dealership'),
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
  LEAD_HOURLY_CAP: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).default(300),
  LEAD_PHOTO_HOURLY_CAP: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .default(600),
  RESERVATION_SWEEP_INTERVAL_MS: milliseconds(1000, 3_600_000, 'an hour').default(30_000),
};

/** The values of these settings once checked. */
type ServerEnv = z.output<z.ZodObject<typeof serverEnv>>;

/** The server's part of the configuration. */
export interface ServerConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** A listening socket handed over open (socket activation): listen on it instead of PORT and HOST. */
  listenFd?: number;
  /** Absolute path of the data folder (embedded database, media, generated secrets). */
  dataDir: string;
  /** Where backups go, and whether the server takes one a day (embedded database). */
  backup: { dir: string; daily: boolean; s3Url?: string };
  /** A PostgreSQL server URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  databasePoolSize: number;
  /** PGlite's `shared_buffers` in MB (its page cache, inside its WebAssembly memory, which never shrinks). */
  pgliteSharedBuffersMb: number;
  /** Absolute base URL for canonical links and the sitemap; derived from PORT when unset. */
  publicUrl: string;
  dealerPhone: string;
  /**
   * Which X-Forwarded-For entries to believe (client addresses for logs and throttles): false when
   * clients connect directly; behind proxies, their number (hops) or their addresses/CIDRs. The
   * client address is then the rightmost entry not written by a trusted proxy (Fastify's proxy-addr).
   */
  trustProxy: false | number | string[];
  /** The token `GET /metrics` asks for; undefined: metrics off. */
  metricsToken?: string;
  /** Where OpenTelemetry traces go (OTLP over HTTP, JSON) and the service's name in them; undefined: traces off. */
  tracing?: { endpoint: string; serviceName: string };
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
  /** Buyers' requests, and their photos, accepted per hour from every address together (503 beyond). */
  leadHourlyCap: number;
  leadPhotoHourlyCap: number;
  /**
   * How often reservations without a deposit are checked for a hold that ends soon or has ended
   * (`RESERVATION_SWEEP_INTERVAL_MS`, default 30 s): a hold ends at most this long late.
   */
  reservationSweepIntervalMs: number;
}

export function serverConfig(e: ServerEnv, cwd: string): ServerConfig {
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // LISTEN_PID, when set, names the process the socket is meant for (systemd sets it; a parent that
    // cannot know its child's pid leaves it unset).
    listenFd: e.LISTEN_FDS === 1 && (e.LISTEN_PID === undefined || e.LISTEN_PID === process.pid) ? SD_LISTEN_FDS_START : undefined,
    dataDir: resolve(cwd, e.DATA_DIR),
    backup: { dir: e.BACKUP_DIR ? resolve(cwd, e.BACKUP_DIR) : resolve(cwd, e.DATA_DIR, 'backups'), daily: e.BACKUP_DAILY, s3Url: e.BACKUP_S3_URL },
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dealerPhone: e.DEALER_PHONE,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ''), serviceName: e.OTEL_SERVICE_NAME } : undefined,
    corsOrigins: e.CORS_ORIGINS ?? [],
    logLevel: e.LOG_LEVEL,
    trpcTransport: e.TRPC_TRANSPORT,
    seedDemo: e.SEED_DEMO,
    webDistDir: e.WEB_DIST_DIR ? resolve(cwd, e.WEB_DIST_DIR) : undefined,
    leadHourlyCap: e.LEAD_HOURLY_CAP,
    leadPhotoHourlyCap: e.LEAD_PHOTO_HOURLY_CAP,
    reservationSweepIntervalMs: e.RESERVATION_SWEEP_INTERVAL_MS,
  };
}
