import { useCallback } from 'react';
// zod/mini: this runs on every page, and the full zod API would add ~20 kB gzip to the entry chunk.
import * as z from 'zod/mini';
import { parseJson, readStoredValue, useStoredValue } from './stored-value';

/** Storage key of the auth session (spec §3 "Auth session"). */
export const AUTH_STORAGE_KEY = 'auth';

/** Role value of an administrator. */
export const ADMIN_ROLE = 1;

/**
 * The stored session: the user as the login call returned it, plus the bearer token. Fields the
 * shell does not use pass through unchecked.
 */
export const AuthSessionSchema = z.object({
  user: z.looseObject({
    _id: z.optional(z.string()),
    name: z.optional(z.string()),
    email: z.optional(z.string()),
    phone: z.optional(z.string()),
    address: z.optional(z.string()),
    role: z.number(),
  }),
  token: z.string().check(z.minLength(1)),
});
export type AuthSession = z.infer<typeof AuthSessionSchema>;

function parseAuth(raw: string | null): AuthSession | null {
  const parsed = AuthSessionSchema.safeParse(parseJson(raw));
  return parsed.success ? parsed.data : null;
}

/** The bearer token of the stored session, read outside React (for the API client). */
export function readAuthToken(): string | null {
  return readStoredValue(AUTH_STORAGE_KEY, parseAuth)?.token ?? null;
}

export interface AuthApi {
  session: AuthSession | null;
  isLoggedIn: boolean;
  isAdmin: boolean;
  /** Where the "Dashboard" link goes for this user. */
  dashboardPath: string;
  login: (session: AuthSession) => void;
  logout: () => void;
}

/** The auth session kept in `localStorage` under `auth`, synced across components and tabs. */
export function useAuth(): AuthApi {
  const [session, update] = useStoredValue(AUTH_STORAGE_KEY, parseAuth);
  const login = useCallback((next: AuthSession) => update(() => next), [update]);
  const logout = useCallback(() => update(() => null), [update]);
  const isAdmin = session?.user.role === ADMIN_ROLE;
  return {
    session,
    isLoggedIn: session !== null,
    isAdmin,
    dashboardPath: isAdmin ? '/dashboard/admin' : '/dashboard/user',
    login,
    logout,
  };
}
