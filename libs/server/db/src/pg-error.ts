/** Postgres' SQLSTATEs the repositories tell apart. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

/**
 * The SQLSTATE and constraint of a failed query, as PGlite and node-postgres report them (Drizzle
 * wraps the driver's error in `cause`); empty when the error is not a database one.
 */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') return { code: e.code, constraint: (e as { constraint?: string }).constraint };
  }
  return {};
}
