import { Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { PlaceholderPage } from './PlaceholderPage';

/** `/car-search?search=` (placeholder). */
export function CarSearchPage() {
  const [params] = useSearchParams();
  const query = params.get('search') ?? '';
  return (
    <PlaceholderPage title="Search Cars" noIndex>
      <Text c="gray.7">Search results for: {query}</Text>
    </PlaceholderPage>
  );
}
