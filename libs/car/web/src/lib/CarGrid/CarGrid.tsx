import type { Car } from '@dealership/car-schemas';
import { Card, Skeleton, Stack } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { CarCard } from '../CarCard/CarCard';
import classes from './CarGrid.module.css';

/**
 * The grid's columns: `full` width (1, 2 from xs, 3 from md, 4 from lg) or `withPanel`, beside the
 * filter panel (1, 2 from xs, 3 from lg), or the back office's (1, 2 from sm, 3 from lg). A CSS grid of its own rather than Mantine's SimpleGrid,
 * whose responsive variables cost the listing pages' first load 1.1 kB of script (bundle-check).
 */
export type CarGridLayout = 'full' | 'withPanel' | 'admin';

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
export function CarGridSkeleton({ count, label, layout = 'full' }: { count: number; label: string; layout?: CarGridLayout }) {
  return (
    <div className={`${classes.grid} ${classes[layout]}`} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <CarCardSkeleton key={i} />
      ))}
    </div>
  );
}

export interface CarGridProps {
  cars: Car[];
  /** How many leading cards load their image eagerly (above the fold). */
  priorityCount?: number;
  layout?: CarGridLayout;
  /** A page's own card (the brand page's, spec §2); `CarCard` by default. */
  renderCard?: RenderCarCard;
}

/** Draws one car of a grid; `priority`: its photo is above the fold (loaded at once, not lazily). */
export type RenderCarCard = (car: Car, priority: boolean) => ReactNode;

const defaultCard: RenderCarCard = (car, priority) => <CarCard car={car} priority={priority} />;

/** Car cards in a responsive grid. */
export function CarGrid({ cars, priorityCount = 0, layout = 'full', renderCard = defaultCard }: CarGridProps) {
  return (
    <div className={`${classes.grid} ${classes[layout]}`}>
      {cars.map((car, index) => (
        <Fragment key={`${car.id}-${index}`}>{renderCard(car, index < priorityCount)}</Fragment>
      ))}
    </div>
  );
}
