import { PlaceholderPage } from './PlaceholderPage';

/** `/cart` (placeholder). */
export function CartPage() {
  return <PlaceholderPage title="Favourites" />;
}
