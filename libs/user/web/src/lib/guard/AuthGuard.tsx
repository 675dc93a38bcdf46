import { sitePath } from '@dealership/shared-schemas';
import { useAuth, withRedirect } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { PageLoader } from '@dealership/web-ui';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { checkAccess, isUnauthenticated, type AuthArea } from '../auth/auth-check';
import { RedirectCountdown } from './RedirectCountdown';

export interface AuthGuardProps {
  area: AuthArea;
  children: ReactNode;
}

/**
 * Shows `children` only after the server confirms the stored session may enter `area` (spec §6),
 * through tRPC `user.me`. A guest, a refused session or a failed request gets the countdown to
 * /login, carrying this path; an expired or revoked token is dropped as well.
 */
export function AuthGuard({ area, children }: AuthGuardProps) {
  const { session, logout } = useAuth();
  const token = session?.token ?? null;
  const location = useLocation();
  const me = trpc.user.me.useQuery(undefined, {
    // Spec: the check runs only when a token exists; a guest is refused without a request.
    enabled: token !== null,
    // Re-check on every entry to the area; the server's answer is cheap and authoritative. The
    // cache holds one session's answer only: logging in as someone else or out clears it.
    staleTime: 0,
    // A refused token stays refused; only a failed request is worth one more try.
    retry: (failures, error) => failures < 1 && !isUnauthenticated(error),
  });

  const result = token === null ? 'unauthenticated' : checkAccess(area, { user: me.data, error: me.error });
  useEffect(() => {
    // The token is expired or revoked: drop it so the header stops offering the dashboard.
    if (token !== null && result === 'unauthenticated') logout();
  }, [token, result, logout]);

  if (token !== null && me.isPending) return <PageLoader label="Checking your access…" />;
  if (result === 'ok') return <>{children}</>;
  return <RedirectCountdown to={withRedirect(sitePath('login'), `${location.pathname}${location.search}`)} />;
}
