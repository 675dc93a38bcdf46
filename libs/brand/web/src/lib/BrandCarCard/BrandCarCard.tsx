import {
  BRAND_PAGE_DEFAULT_CONDITION,
  BRAND_PAGE_DEFAULT_YEAR,
  BRAND_PAGE_DESCRIPTION_PREVIEW,
  DEFAULT_SAFETY_RATING,
  DEFAULT_SEATS,
  type Car,
} from '@dealership/car-model';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes, truncate } from '@dealership/shared-util';
import { useCart } from '@dealership/web-session';
import {
  CardActions,
  CardBody,
  CardDescription,
  CardPrice,
  CardSpecs,
  CardTitle,
  CarPhoto,
  CarStatusBadge,
  HeartIcon,
  notifySuccess,
  StarRating,
  Tag,
} from '@dealership/web-ui';
import { Button, Card } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './BrandCarCard.module.css';

/**
 * A car on its brand's page (spec §2 /brand/{slug}): condition (default 'New'), year (default
 * 'N/A'), image, name, description cut to 60 characters plus '...', price with 'Negotiable',
 * engine size, fuel type, safety rating, seats, Details and Save.
 */
/**
 * Built of web-ui's plain card parts and `Tag` (as `CarCard`): each Mantine component per card
 * costs a phone hydration time (issue 25).
 *
 * `priority`: the photo is among the first the page shows, loaded at once and first (see `CarPhoto`). */
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
        <CarPhoto car={car} href={href} alt={`${year} ${car.name}`} priority={priority} />
        <div className={classes.badges}>
          <Tag size="sm">{condition}</Tag>
          <Tag tone="amber" size="sm" aria-label={`Year ${year}`}>
            {year}
          </Tag>
          <CarStatusBadge status={car.status} size="sm" />
        </div>
      </Card.Section>

      <CardBody>
        <CardTitle id={`brand-car-${car.id}`}>
          <Link to={href}>{car.name}</Link>
        </CardTitle>
        <CardDescription>{truncate(car.description, BRAND_PAGE_DESCRIPTION_PREVIEW)}</CardDescription>
        <div className={classes.priceRow}>
          <CardPrice>{formatKes(car.price)}</CardPrice>
          <p className={classes.negotiable}>Negotiable</p>
        </div>
        <CardSpecs>
          {/* An electric car has no engine size (0): its fuel says Electric. */}
          {car.engineSize ? (
            <Tag tone="gray" square>
              {car.engineSize} cc
            </Tag>
          ) : null}
          <Tag tone="gray" square>
            {car.fuelType}
          </Tag>
          <Tag tone="gray" square>
            {car.seats ?? DEFAULT_SEATS} seats
          </Tag>
        </CardSpecs>
        <StarRating value={car.safetyRating ?? DEFAULT_SAFETY_RATING} label="Safety rating" />
      </CardBody>

      <CardActions>
        <Button component={Link} to={href} className={classes.details} aria-label={`Details of ${car.name}`}>
          Details
        </Button>
        <Button variant="outline" leftSection={<HeartIcon size={16} />} onClick={save} aria-label={`Save ${car.name}`}>
          Save
        </Button>
      </CardActions>
    </Card>
  );
}
