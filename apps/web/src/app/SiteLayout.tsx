import { useAuth, useCart } from '@dealership/web-session';
import { Layout, type FooterProps } from '@dealership/web-ui';

/**
 * The page frame with the visitor's session in it. web-ui's `Layout` only presents what it is
 * given (a UI lib reads no browser storage); the app shell connects it to `@dealership/web-session`.
 */
export function SiteLayout(props: FooterProps) {
  const { count } = useCart();
  const { isLoggedIn, dashboardPath, logout } = useAuth();
  return <Layout {...props} savedCount={count} dashboardPath={isLoggedIn ? dashboardPath : null} onLogout={logout} />;
}
