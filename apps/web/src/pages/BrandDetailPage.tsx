import { useParams } from 'react-router-dom';
import { PlaceholderPage } from './PlaceholderPage';

/** `/brand/:slug` (placeholder). */
export function BrandDetailPage() {
  const { slug = '' } = useParams();
  return <PlaceholderPage title={`Brand: ${slug}`} />;
}
