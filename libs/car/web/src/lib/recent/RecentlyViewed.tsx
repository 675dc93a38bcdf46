import { sitePath } from '@dealership/shared-schemas';
import { formatAmount } from '@dealership/shared-util';
import { useRecentlyViewed } from '@dealership/web-session';
import { imageSrcSet } from '@dealership/web-ui';
import { Button, Group, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './RecentlyViewed.module.css';

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
      <ul className={classes.strip}>
        {cars.map((car) => (
          <li key={car.slug} className={classes.item}>
            <Link to={sitePath('car', { slug: car.slug })} className={classes.link}>
              {car.image ? (
                <img src={car.image} srcSet={imageSrcSet(car.image)} sizes="200px" alt="" width={200} height={133} loading="lazy" decoding="async" className={classes.image} />
              ) : (
                <span className={classes.image} />
              )}
              <span className={classes.name}>
                {car.year} {car.name}
              </span>
              <span className={classes.price}>KES {formatAmount(car.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
