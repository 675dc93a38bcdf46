import { PlaceholderPage } from './PlaceholderPage';

/** `/login` (placeholder). */
export function LoginPage() {
  return <PlaceholderPage title="Login" />;
}
