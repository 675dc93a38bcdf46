import { useParams } from 'react-router-dom';
import { PlaceholderPage } from './PlaceholderPage';

/** `/car/:slug` (placeholder). */
export function CarDetailPage() {
  const { slug = '' } = useParams();
  return <PlaceholderPage title={`Car Details: ${slug}`} />;
}
