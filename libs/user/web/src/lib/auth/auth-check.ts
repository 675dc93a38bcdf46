import { Role } from '@dealership/shared-schemas';
import { type User } from '@dealership/user-schemas';
import { TRPCClientError } from '@trpc/client';

/** The two protected areas (spec §6): any signed-in user enters `user`, only admins `admin`. */
export type AuthArea = 'admin' | 'user';

/**
 * Outcome of the server's check of the stored session (`user.me`): `ok`; `forbidden` (a valid
 * session without the right, e.g. a customer at the admin area); `unauthenticated` (the token is
 * missing, invalid or expired); `unreachable` (no usable answer: network failure or server fault).
 */
export type AuthCheckResult = 'ok' | 'forbidden' | 'unauthenticated' | 'unreachable';

/** The HTTP status of a failed tRPC call, if the server answered one. */
function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('httpStatus' in data)) return undefined;
  return typeof data.httpStatus === 'number' ? data.httpStatus : undefined;
}

/** Whether `user.me` failed because the session is not (or no longer) valid: worth no retry. */
export function isUnauthenticated(error: unknown): boolean {
  return httpStatusOf(error) === 401;
}

/**
 * Reads the answer of `user.me` for `area`. The role comes from the server (the database), not the
 * stored session; the server enforces it again on every admin procedure.
 */
export function checkAccess(area: AuthArea, me: { user?: User; error?: unknown }): AuthCheckResult {
  if (me.error != null) {
    if (isUnauthenticated(me.error)) return 'unauthenticated';
    // A 403 cannot come from `user.me` today; read it as a refusal, like the legacy admin check.
    return httpStatusOf(me.error) === 403 ? 'forbidden' : 'unreachable';
  }
  if (!me.user) return 'unreachable';
  return area === 'admin' && me.user.role !== Role.Admin ? 'forbidden' : 'ok';
}
