import { PlaceholderPage } from './PlaceholderPage';

/** `/about` (placeholder). */
export function AboutPage() {
  return <PlaceholderPage title="About Us" />;
}
