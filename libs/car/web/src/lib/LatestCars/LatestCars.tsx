import { HOME_SHOWCASE_SIZE, type Car } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { ErrorState } from '@dealership/web-ui';
import { Anchor, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CarGrid, CarGridSkeleton } from '../CarGrid/CarGrid';

export interface LatestCarsProps {
  cars: Car[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  retrying?: boolean;
}

/** The home page's "Latest cars" showcase: the 8 newest cars (spec §2 Home). */
export function LatestCars({ cars, isLoading, isError, onRetry, retrying = false }: LatestCarsProps) {
  let body;
  if (isLoading) {
    body = <CarGridSkeleton count={HOME_SHOWCASE_SIZE} label="Loading the latest cars" />;
  } else if (isError || !cars) {
    body = (
      <ErrorState
        title="Could not load the latest cars"
        message="Our inventory is not reachable right now. Please try again."
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  } else if (cars.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        New arrivals are on their way. Check back soon.
      </Text>
    );
  } else {
    // Below the hero on every screen: every picture loads lazily.
    body = <CarGrid cars={cars.slice(0, HOME_SHOWCASE_SIZE)} />;
  }

  return (
    <section aria-labelledby="latest-cars-heading">
      <Group justify="space-between" align="end" mb="lg" wrap="wrap" gap="xs">
        <div>
          <Title order={2} id="latest-cars-heading">
            Latest Cars
          </Title>
          <Text c="gray.7">Fresh arrivals on our lot in Mombasa.</Text>
        </div>
        <Anchor component={Link} to={sitePath('cars')} fw={700}>
          View More
        </Anchor>
      </Group>
      {body}
    </section>
  );
}
