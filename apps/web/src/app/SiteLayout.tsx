import { useAuth, useCart } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { Layout } from '@dealership/web-ui';
import { CompareBar } from './CompareBar';

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
  return (
    <>
      <Layout savedCount={count} dashboardPath={isLoggedIn ? dashboardPath : null} onLogout={onLogout} />
      <CompareBar />
    </>
  );
}
