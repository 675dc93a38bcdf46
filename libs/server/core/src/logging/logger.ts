import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config/env';

/** The process's structured logger (JSON lines on stdout). Fastify logs requests through it too. */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'dealership' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash'], censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

/** Lets Nest's own messages (bootstrap, route mapping, errors) go through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
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
