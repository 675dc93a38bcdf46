import { useRecentlyViewed } from '@dealership/web-session';
import { Button, Group, Title } from '@mantine/core';
import { CarStrip } from './CarStrip';
import classes from './CarStrip.module.css';

export interface RecentlyViewedProps {
  /** The car whose page this is: left out of its own strip. */
  excludeSlug?: string;
}

/**
 * "Recently viewed": the cars this browser opened, newest first, from `localStorage`. Nothing on
 * the server and during hydration (the server's HTML stays the same for everyone), and nothing
 * when the list is empty.
 */
export function RecentlyViewed({ excludeSlug }: RecentlyViewedProps) {
  const { items, clear } = useRecentlyViewed();
  const cars = items.filter((car) => car.slug !== excludeSlug);
  if (cars.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className={classes.section}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="recently-viewed-heading">
          Recently viewed
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={clear}>
          Clear
        </Button>
      </Group>
      <CarStrip cars={cars} />
    </section>
  );
}
