import { DomainError, ErrorCode } from '@dealership/shared-schemas';

/** Seconds a client is asked to wait while the database is away (the pool reconnects on the next call). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Socket errors of a server that is down, restarting or unreachable.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
// PostgreSQL SQLSTATEs: admin_shutdown (pg_terminate_backend, a restart), crash_shutdown,
// cannot_connect_now (starting up or shutting down), too_many_connections. Class 08: connection exceptions.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// What `pg`, `pg-pool` and PGlite say when the connection is gone (they set no code).
const MESSAGES = [
  // Any refusal while getting a connection (libs/server/db open-database.ts wraps them in this).
  /^Could not get a database connection$/,
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
  /^database is closed/,
];

function causes(error: unknown): unknown[] {
  const seen: unknown[] = [];
  const pending = [error];
  while (pending.length > 0 && seen.length < 20) {
    const current = pending.shift();
    if (current === null || typeof current !== 'object' || seen.includes(current)) continue;
    seen.push(current);
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (cause !== undefined) pending.push(cause);
    // AggregateError: one ECONNREFUSED per address tried (IPv4 and IPv6).
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return seen;
}

/**
 * Whether `error` (or anything in its `cause` chain: Drizzle wraps driver errors) says the database
 * cannot be reached right now, as opposed to a failed query: a refused or reset connection, a
 * terminated backend, a server shutting down or starting, a pool connect timeout, a closed PGlite.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** The answer to a call made while the database is away: 503, retry shortly. */
export class DatabaseUnavailableError extends DomainError {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;

  constructor(cause?: unknown) {
    super(ErrorCode.Unavailable, 'The service is temporarily unavailable, please try again shortly');
    if (cause !== undefined) this.cause = cause;
  }
}

/** `error` as a `DatabaseUnavailableError` when the database is away; otherwise `error` itself. */
export function mapDatabaseError(error: unknown): unknown {
  return !(error instanceof DomainError) && isDatabaseUnavailable(error) ? new DatabaseUnavailableError(error) : error;
}
