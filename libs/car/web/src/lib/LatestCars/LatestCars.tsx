import { HOME_SHOWCASE_SIZE, type Car } from '@dealership/car-schemas';
import { ErrorState } from '@dealership/web-ui';
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CarCard } from '../CarCard/CarCard';

export interface LatestCarsProps {
  cars: Car[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  retrying?: boolean;
}

const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 } as const;

function CarCardSkeleton() {
  return (
    <Card padding="md" aria-hidden="true">
      <Card.Section>
        <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Skeleton h={14} w="40%" />
        <Skeleton h={20} w="80%" />
        <Skeleton h={12} />
        <Skeleton h={24} w="50%" />
        <Skeleton h={36} mt="sm" />
      </Stack>
    </Card>
  );
}

/** The home page's "Latest cars" showcase: the 8 newest cars (spec §2 Home). */
export function LatestCars({ cars, isLoading, isError, onRetry, retrying = false }: LatestCarsProps) {
  let body;
  if (isLoading) {
    body = (
      <SimpleGrid cols={GRID_COLS} spacing="lg" role="status" aria-label="Loading the latest cars">
        {Array.from({ length: HOME_SHOWCASE_SIZE }, (_, i) => (
          <CarCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
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
    body = (
      <SimpleGrid cols={GRID_COLS} spacing="lg">
        {cars.slice(0, HOME_SHOWCASE_SIZE).map((car, index) => (
          <CarCard key={car._id} car={car} priority={index < 2} />
        ))}
      </SimpleGrid>
    );
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
        <Anchor component={Link} to="/cars" fw={700}>
          View More
        </Anchor>
      </Group>
      {body}
    </section>
  );
}
