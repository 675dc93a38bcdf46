import { Role, SITE_ROUTES } from '@dealership/shared-schemas';
import { type AuthSession } from '@dealership/user-schemas';
import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { parseJson, readStoredValue, useStoredValue } from '../storage/stored-value';
import { toAuthSession } from './stored-session';

/** Storage key of the auth session (spec §3 "Auth session"). */
export const AUTH_STORAGE_KEY = 'auth';

/** How long a sign-out waits for the server to end the session before clearing it here anyway. */
export const SIGN_OUT_WAIT_MS = 3000;

function parseAuth(raw: string | null): AuthSession | null {
  return toAuthSession(parseJson(raw));
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
  /**
   * Clears the session here and every cached query, so no signed-in data outlives it. Ends nothing
   * on the server: for a token the server already refused, or after `signOut`'s call.
   */
  logout: () => void;
  /**
   * The Logout button: ends the session on the server with `endSession` (`user.logout`, sent with
   * the stored token), then clears it here, also when that call fails or takes longer than
   * `SIGN_OUT_WAIT_MS` (a stolen copy of the token stops working once the server has ended it).
   */
  signOut: (endSession: () => Promise<unknown>) => Promise<void>;
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
  const signOut = useCallback(
    async (endSession: () => Promise<unknown>) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SIGN_OUT_WAIT_MS);
      });
      try {
        // The token is read when the request goes out, so it is cleared only after the call.
        await Promise.race([endSession().catch(() => undefined), timeout]);
      } finally {
        clearTimeout(timer);
        logout();
      }
    },
    [logout],
  );
  const isAdmin = session?.user.role === Role.Admin;
  return {
    session,
    isLoggedIn: session !== null,
    isAdmin,
    dashboardPath: (isAdmin ? SITE_ROUTES.adminHome : SITE_ROUTES.userHome).path,
    login,
    logout,
    signOut,
  };
}
