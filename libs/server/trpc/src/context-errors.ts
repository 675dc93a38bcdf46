import { DatabaseUnavailableError, mapDatabaseError } from '@dealership/server-core';
import { TRPCError } from '@trpc/server';

/**
 * For a request context's own failures (the token's account lookup), which happen before any
 * middleware runs: a database outage becomes SERVICE_UNAVAILABLE with Retry-After, as in procedures;
 * anything else is rethrown as it is.
 */
export function rethrowContextError(error: unknown): never {
  const mapped = mapDatabaseError(error);
  if (mapped instanceof DatabaseUnavailableError) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: mapped.message, cause: mapped });
  throw error;
}
