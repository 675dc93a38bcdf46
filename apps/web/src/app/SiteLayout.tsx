import { useAuth, useCart, useCompare } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { Layout } from '@dealership/web-ui';
import { lazy, Suspense } from 'react';

// Shown only once a car is picked for comparison: its code comes then, not with every page.
const CompareBar = lazy(async () => ({ default: (await import('./CompareBar')).CompareBar }));

/**
 * The page frame with the visitor's session in it. web-ui's `Layout` only presents what it is
 * given (a UI lib reads no browser storage); the app shell connects it to `@dealership/web-session`.
 * Logout ends the session on the server (`user.logout`), then clears it in the browser.
 */
export function SiteLayout() {
  const { count } = useCart();
  const { isLoggedIn, dashboardPath, signOut } = useAuth();
  const endSession = trpc.user.logout.useMutation();
  const onLogout = () => void signOut(() => endSession.mutateAsync());
  const comparing = useCompare().count > 0;
  return (
    <>
      <Layout savedCount={count} dashboardPath={isLoggedIn ? dashboardPath : null} onLogout={onLogout} />
      {comparing ? (
        <Suspense fallback={null}>
          <CompareBar />
        </Suspense>
      ) : null}
    </>
  );
}
