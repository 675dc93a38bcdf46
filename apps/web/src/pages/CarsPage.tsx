import { Text } from '@mantine/core';
import { PlaceholderPage } from './PlaceholderPage';

/** `/cars` (placeholder). */
export function CarsPage() {
  return (
    <PlaceholderPage
      title="Premium Cars for Sale in Mombasa, Kenya"
      description="Browse premium new and used cars for sale in Mombasa, Kenya, from a dealer with a 100% delivery record."
    >
      <Text c="gray.7">Every car delivered: a 100% delivery record.</Text>
    </PlaceholderPage>
  );
}
