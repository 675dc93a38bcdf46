import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { parseJson, readStoredValue, useStoredValue } from './stored-value';

/** Storage key of the auth session (spec §3 "Auth session"). */
export const AUTH_STORAGE_KEY = 'auth';

/** Role value of an administrator. */
export const ADMIN_ROLE = 1;

/**
 * The stored session: the user as the login call returned it, plus the bearer token. Fields the
 * shell does not use pass through unchecked.
 */
export interface AuthSession {
  user: { _id?: string; name?: string; email?: string; phone?: string; address?: string; role: number; [field: string]: unknown };
  token: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const OPTIONAL_TEXT = ['_id', 'name', 'email', 'phone', 'address'] as const;

// A hand-written check, not a zod schema: this runs in the entry chunk of every page, and any zod
// there shares zod's core with the sign-in forms' full zod, about 14 kB of gzipped JavaScript.
/** Whether stored JSON is a usable session. */
export function isAuthSession(data: unknown): data is AuthSession {
  if (!isRecord(data) || typeof data['token'] !== 'string' || data['token'].length === 0) return false;
  const user = data['user'];
  if (!isRecord(user) || typeof user['role'] !== 'number') return false;
  return OPTIONAL_TEXT.every((field) => user[field] === undefined || typeof user[field] === 'string');
}

function parseAuth(raw: string | null): AuthSession | null {
  const data = parseJson(raw);
  return isAuthSession(data) ? data : null;
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
  /** Stores the session (also used to update the stored user after a profile change). */
  login: (session: AuthSession) => void;
  /** Clears the session and every cached query, so no signed-in data outlives it. */
  logout: () => void;
}

/** The auth session kept in `localStorage` under `auth`, synced across components and tabs. */
export function useAuth(): AuthApi {
  const [session, update] = useStoredValue(AUTH_STORAGE_KEY, parseAuth);
  // Read without `useQueryClient`, which throws outside a provider (the shell renders without one in tests).
  const queryClient = useContext(QueryClientContext);
  const login = useCallback(
    (next: AuthSession) => {
      // A different session (another account in this tab) must not see the previous one's cached data.
      const switched = readAuthToken() !== next.token;
      update(() => next);
      if (switched) queryClient?.clear();
    },
    [update, queryClient],
  );
  const logout = useCallback(() => {
    update(() => null);
    // Orders and profile data of the old session must not be served to the next visitor.
    queryClient?.clear();
  }, [update, queryClient]);
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
