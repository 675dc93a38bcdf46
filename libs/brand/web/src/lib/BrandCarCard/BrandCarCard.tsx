import {
  BRAND_PAGE_DEFAULT_CONDITION,
  BRAND_PAGE_DEFAULT_YEAR,
  BRAND_PAGE_DESCRIPTION_PREVIEW,
  DEFAULT_SAFETY_RATING,
  DEFAULT_SEATS,
  type Car,
} from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes, truncate } from '@dealership/shared-util';
import { useCart } from '@dealership/web-session';
import { CarPhoto, CarStatusBadge, HeartIcon, notifySuccess, StarRating } from '@dealership/web-ui';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './BrandCarCard.module.css';

/** Rendered width of a card in the brand page's 1 / 2 / 3 column grid. */
const SIZES = '(min-width: 75em) 420px, (min-width: 62em) 31vw, (min-width: 36em) 48vw, 100vw';

/**
 * A car on its brand's page (spec §2 /brand/{slug}): condition (default 'New'), year (default
 * 'N/A'), image, name, description cut to 60 characters plus '...', price with 'Negotiable',
 * engine size, fuel type, safety rating, seats, Details and Save.
 */
/** `priority`: the photo is among the first the page shows, loaded at once and first (see `CarPhoto`). */
export function BrandCarCard({ car, priority = false }: { car: Car; priority?: boolean }) {
  const { add } = useCart();
  const href = sitePath('car', { slug: car.slug });
  const condition = car.condition || BRAND_PAGE_DEFAULT_CONDITION;
  const year = car.year ? String(car.year) : BRAND_PAGE_DEFAULT_YEAR;

  const save = () => {
    add(car);
    notifySuccess('Added to favorites successfully');
  };

  return (
    <Card component="article" padding="md" className={classes.card} aria-labelledby={`brand-car-${car.id}`}>
      <Card.Section className={classes.section}>
        <CarPhoto car={car} href={href} alt={`${year} ${car.name}`} sizes={SIZES} priority={priority} />
        <Group gap={6} className={classes.badges}>
          <Badge color="navy" variant="filled" size="sm">
            {condition}
          </Badge>
          <Badge color="amber.5" variant="filled" size="sm" aria-label={`Year ${year}`}>
            {year}
          </Badge>
          <CarStatusBadge status={car.status} size="sm" />
        </Group>
      </Card.Section>

      <Stack gap={8} mt="md" className={classes.body}>
        <Title order={3} size="h4" lh={1.25} id={`brand-car-${car.id}`} textWrap="wrap">
          <Link to={href} className={classes.name}>
            {car.name}
          </Link>
        </Title>
        <Text size="sm" c="gray.7">
          {truncate(car.description, BRAND_PAGE_DESCRIPTION_PREVIEW)}
        </Text>
        <Group gap="xs" align="baseline">
          <Text fw={800} fz="xl" c="navy.8">
            {formatKes(car.price)}
          </Text>
          <Text size="xs" c="teal.9" fw={700} tt="uppercase">
            Negotiable
          </Text>
        </Group>
        <div className={classes.specs}>
          <Badge variant="light" color="gray" radius="sm">
            {car.engineSize} cc
          </Badge>
          <Badge variant="light" color="gray" radius="sm">
            {car.fuelType}
          </Badge>
          <Badge variant="light" color="gray" radius="sm">
            {car.seats ?? DEFAULT_SEATS} seats
          </Badge>
        </div>
        <StarRating value={car.safetyRating ?? DEFAULT_SAFETY_RATING} label="Safety rating" />
      </Stack>

      <Group gap="xs" mt="md" wrap="nowrap">
        <Button component={Link} to={href} className={classes.details} aria-label={`Details of ${car.name}`}>
          Details
        </Button>
        <Button variant="outline" leftSection={<HeartIcon size={16} />} onClick={save} aria-label={`Save ${car.name}`}>
          Save
        </Button>
      </Group>
    </Card>
  );
}
