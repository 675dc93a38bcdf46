import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from '../config/env';
import { safeError, safeErrorMessage, stackFrames } from './safe-error';

// Secrets by name, wherever a log object carries them: at the top, one level down (`body.password`),
// and in request and response headers.
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'secret',
  'jwtSecret',
  'privateKey',
  'nonce',
  'paymentMethodNonce',
];
const HEADER_KEYS = ['authorization', 'cookie', '"set-cookie"', '"proxy-authorization"'];

/** Where pino censors a value (with `[redacted]`). */
export const LOG_REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  ...SECRET_KEYS.map((key) => `*.*.${key}`),
  ...['req', 'res', 'request', 'reply', 'response'].flatMap((owner) =>
    HEADER_KEYS.map((key) => `${owner}.headers${key.startsWith('"') ? `[${key}]` : `.${key}`}`),
  ),
  ...HEADER_KEYS.map((key) => `headers${key.startsWith('"') ? `[${key}]` : `.${key}`}`),
];

/**
 * A path segment that is a secret: a random token (the M-Pesa callback's is 43 base64url
 * characters) mixes upper and lower case and digits over 32 characters or more. Slugs, uuids and
 * file names never do (they are lower case).
 */
const SECRET_SEGMENT = /^(?=[\w-]*[A-Z])(?=[\w-]*[a-z])(?=[\w-]*\d)[\w-]{32,}$/;

/** A URL as the logs show it: no query string (search text and other inputs), and no secret in its path. */
function urlForLog(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  return url
    .split('?')[0]
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? '[redacted]' : segment))
    .join('/');
}

/** A request as the logs show it: its URL as `urlForLog` shows it, no headers. */
function requestForLog(req: { method?: string; url?: string; ip?: string; host?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: urlForLog(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/**
 * A response the client stopped reading (it navigated away mid-download). Fastify logs that as
 * info ('stream closed prematurely'); @fastify/compress, through end-of-stream, as an error with
 * the message 'premature close'. Not a fault of ours: it must not page anyone.
 */
export function isClientAbort(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  return (value as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' || value.message === 'premature close';
}

/**
 * The process's structured logger (JSON lines on stdout, or `destination`). Fastify logs requests
 * through it too. Logs never carry request values, SQL parameters, passwords or tokens: secrets
 * are redacted by name, requests (and any `url`) are logged without their query string or a token in
 * their path (the M-Pesa callback's), and every `err` goes
 * through `safeError` (class, code, safe message, stack frames).
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { service: 'dealership' },
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: safeError, error: safeError, req: requestForLog, url: urlForLog },
    timestamp: pino.stdTimeFunctions.isoTime,
    hooks: {
      logMethod(args, method, level) {
        if (level >= 50 && isClientAbort(args[0])) return this.info('compressed response closed early by the client');
        return method.apply(this, args);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

// Nest's own messages are text; an error's text (its message or stack) may carry a query's values.
const safeText = (message: unknown) => (message instanceof Error ? undefined : safeErrorMessage(String(message)));

/** Lets Nest's own messages (bootstrap, route mapping, errors) go through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  /** An `Error` as `message` is logged through the `err` serializer; a `trace` keeps its frames only. */
  error(message: unknown, trace?: string, context?: string) {
    if (message instanceof Error) this.logger.error({ context, err: message }, safeError(message).message);
    else this.logger.error({ context, trace: stackFrames(trace) }, safeText(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
