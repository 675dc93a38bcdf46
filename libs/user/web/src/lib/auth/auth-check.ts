import { authFetch } from './auth-fetch';

/** The two protected areas and their server checks (spec §6). */
export type AuthArea = 'admin' | 'user';

export const AUTH_CHECK_PATHS: Record<AuthArea, string> = {
  admin: '/api/user/admin-auth',
  user: '/api/user/user-auth',
};

/**
 * Outcome of a server check: `ok`; `forbidden` (a valid session without the right, e.g. a customer
 * at the admin area); `unauthenticated` (the token is missing, invalid or expired).
 */
export type AuthCheckResult = 'ok' | 'forbidden' | 'unauthenticated';

function isOkBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'ok' in body && body.ok === true;
}

/** The part of `fetch` the check needs (tests pass a fake). */
export type AuthCheckFetch = (path: string) => Promise<Pick<Response, 'status' | 'ok' | 'json'>>;

/** Asks the server whether the stored session may enter `area`. Network failures reject. */
export async function checkAuth(area: AuthArea, fetchImpl: AuthCheckFetch = authFetch): Promise<AuthCheckResult> {
  const response = await fetchImpl(AUTH_CHECK_PATHS[area]);
  if (response.status === 401) return 'unauthenticated';
  const body: unknown = await response.json().catch(() => null);
  return response.ok && isOkBody(body) ? 'ok' : 'forbidden';
}
