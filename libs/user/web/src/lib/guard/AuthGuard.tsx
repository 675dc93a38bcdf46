import { PageLoader, useAuth } from '@dealership/web-ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { checkAuth, type AuthArea } from '../auth/auth-check';
import { withRedirect } from '../auth/redirect-target';
import { RedirectCountdown } from './RedirectCountdown';

/** react-query key of a server auth check; keyed by token so a new session is checked afresh. */
export function authCheckKey(area: AuthArea, token: string | null) {
  return ['auth-check', area, token] as const;
}

export interface AuthGuardProps {
  area: AuthArea;
  children: ReactNode;
}

/**
 * Shows `children` only after the server confirms the stored session may enter `area` (spec §6).
 * A guest, a refused check or a failed request gets the countdown to /login, carrying this path.
 */
export function AuthGuard({ area, children }: AuthGuardProps) {
  const { session, logout } = useAuth();
  const token = session?.token ?? null;
  const location = useLocation();
  const check = useQuery({
    queryKey: authCheckKey(area, token),
    queryFn: () => checkAuth(area),
    // Spec: the check runs only when a token exists; a guest is refused without a request.
    enabled: token !== null,
    // Re-check on every entry to the area; the server's answer is cheap and authoritative.
    staleTime: 0,
  });

  const result = check.data;
  useEffect(() => {
    // The token is expired or revoked: drop it so the header stops offering the dashboard.
    if (result === 'unauthenticated') logout();
  }, [result, logout]);

  if (token !== null && check.isPending) return <PageLoader label="Checking your access…" />;
  if (token !== null && result === 'ok') return <>{children}</>;
  return <RedirectCountdown to={withRedirect('/login', `${location.pathname}${location.search}`)} />;
}
