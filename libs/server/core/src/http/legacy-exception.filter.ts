import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DomainError, ERROR_HTTP_STATUS } from '@dealership/shared-schemas';
import { z } from 'zod';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { safeErrorText, stackFrames } from '../logging/safe-error';
import { DatabaseUnavailableError, mapDatabaseError } from './database-errors';
import { RequestValidationError } from './zod-validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `@LegacyErrorText()`: failure bodies also carry the message as `error`. */
    legacyErrorText?: boolean;
  }
}

/**
 * For routes whose legacy screen reads the failure text from `error` (the profile update):
 * failure bodies carry the message under `error` as well as `message`.
 */
export const LegacyErrorText = () => RouteConfig({ legacyErrorText: true } satisfies FastifyContextConfig);

/**
 * What the legacy API answers on every failure: `{success:false, message}`, never a stack trace.
 * The REST document (`/api/openapi.json`) describes every error response with this schema.
 */
export const LegacyErrorBodySchema = z
  .strictObject({
    success: z.literal(false),
    message: z.string().meta({ description: 'What went wrong, fit to show the user (a validation error: the first problem).' }),
    errors: z
      .array(z.strictObject({ field: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Validation errors only: every bad field with its message.' }),
    error: z.string().optional().meta({ description: 'The message again, on the routes whose legacy screen reads `error` (profile update).' }),
  })
  .meta({ id: 'LegacyError', description: 'The error envelope of every `/api` failure.' });
export type LegacyErrorBody = z.infer<typeof LegacyErrorBodySchema>;

/** A hook for requests no route matched (the web app serves them); return true when handled. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Maps every error of the REST surface once: domain errors by their code, validation errors with
 * field messages, Nest HTTP errors by status, anything else as a logged 500.
 */
@Catch()
export class LegacyExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly notFoundFallback?: NotFoundFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    // The database being away is a 503 with Retry-After, not a 500.
    exception = mapDatabaseError(exception);
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { status, body } = this.toResponse(exception);
    if (status === HttpStatus.NOT_FOUND && !(exception instanceof DomainError) && this.notFoundFallback?.(request, reply)) return;
    // Class, code and a safe message only: a Drizzle error's message holds the SQL and its parameters.
    // An outage is reported once per lost connection (DbModule) and by failing /health/ready, not per request.
    if (status >= 500 && !(exception instanceof DatabaseUnavailableError))
      this.logger.error(safeErrorText(exception), stackFrames((exception as { stack?: unknown } | null)?.stack));
    // routeOptions.config is absent when no route matched.
    if (request.routeOptions?.config?.legacyErrorText) body.error = body.message;
    // Throttling errors say when to come back (`LoginThrottledError.retryAfterSeconds`).
    const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (exception instanceof DomainError && typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }

  toResponse(exception: unknown): { status: number; body: LegacyErrorBody } {
    if (exception instanceof DomainError) {
      return { status: ERROR_HTTP_STATUS[exception.code], body: { success: false, message: exception.message } };
    }
    if (exception instanceof RequestValidationError) {
      return { status: HttpStatus.BAD_REQUEST, body: { success: false, message: exception.message, errors: exception.errors } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        status === HttpStatus.NOT_FOUND
          ? 'Not found'
          : typeof response === 'string'
            ? response
            : String((response as { message?: unknown }).message ?? exception.message);
      return { status, body: { success: false, message } };
    }
    // Fastify's own errors (bad JSON, body too large) carry a statusCode.
    const statusCode = (exception as { statusCode?: unknown })?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return { status: statusCode, body: { success: false, message: (exception as Error).message } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: 'Internal server error' } };
  }
}
