import { PlaceholderPage } from './PlaceholderPage';

/** `/register` (placeholder). */
export function RegisterPage() {
  return <PlaceholderPage title="Register" />;
}
