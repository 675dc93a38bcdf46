import { PlaceholderPage } from './PlaceholderPage';

/** `/contact` (placeholder). */
export function ContactPage() {
  return <PlaceholderPage title="Contact Us" />;
}
