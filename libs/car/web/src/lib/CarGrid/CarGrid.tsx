import type { Car } from '@dealership/car-schemas';
import { Card, SimpleGrid, type SimpleGridProps, Skeleton, Stack } from '@mantine/core';
import { CarCard } from '../CarCard/CarCard';

/** Columns of a full-width car grid. */
export const CAR_GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 } as const;
/** Columns of a car grid beside the filter panel. */
export const CAR_GRID_COLS_WITH_PANEL = { base: 1, xs: 2, lg: 3 } as const;

type Cols = SimpleGridProps['cols'];

function CarCardSkeleton() {
  return (
    <Card padding="md" aria-hidden="true">
      <Card.Section>
        <Skeleton style={{ aspectRatio: '3 / 2' }} radius={0} />
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

/** Placeholder cards while cars load, announced as a status. */
export function CarGridSkeleton({ count, label, cols = CAR_GRID_COLS }: { count: number; label: string; cols?: Cols }) {
  return (
    <SimpleGrid cols={cols} spacing="lg" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <CarCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}

export interface CarGridProps {
  cars: Car[];
  /** How many leading cards load their image eagerly (above the fold). */
  priorityCount?: number;
  cols?: Cols;
}

/** Car cards in a responsive grid. */
export function CarGrid({ cars, priorityCount = 0, cols = CAR_GRID_COLS }: CarGridProps) {
  return (
    <SimpleGrid cols={cols} spacing="lg">
      {cars.map((car, index) => (
        <CarCard key={`${car.id}-${index}`} car={car} priority={index < priorityCount} />
      ))}
    </SimpleGrid>
  );
}
