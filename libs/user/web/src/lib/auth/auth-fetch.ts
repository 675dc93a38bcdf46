import { authHeaders } from '@dealership/web-trpc-client';
import { readAuthToken } from '@dealership/web-ui';

/** `fetch` options whose headers are a plain record, so the token header merges without casts. */
export type AuthFetchInit = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };

/**
 * `fetch` for the legacy REST endpoints with the session's bearer token attached (spec §4: the token
 * goes with every request the client makes). tRPC calls get it from the tRPC client's link instead.
 */
export function authFetch(
  input: string,
  init: AuthFetchInit = {},
  getToken: () => string | null = readAuthToken,
): Promise<Response> {
  return fetch(input, {
    ...init,
    headers: { Accept: 'application/json', ...init.headers, ...authHeaders(getToken()) },
  });
}
