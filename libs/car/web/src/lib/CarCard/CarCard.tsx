import { CARD_DESCRIPTION_PREVIEW, DEFAULT_SAFETY_RATING, DEFAULT_SEATS, type Car } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatAmount, truncate } from '@dealership/shared-util';
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
  IMAGE_FULL_WIDTH,
  imageSrcSet,
  notifySuccess,
  StarRating,
  Tag,
} from '@dealership/web-ui';
import { Button, Card } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './CarCard.module.css';
import { CompareToggle } from '../compare/CompareToggle';

export interface CarCardProps {
  car: Car;
  /** Load the image eagerly (cards above the fold). */
  priority?: boolean;
}

/**
 * A car in a grid (spec §2 "Car card"). Its text and labels are web-ui's plain card parts and
 * `Tag`, not Mantine's Stack / Group / Text / Title / Badge: a page shows twelve cards, and each
 * Mantine component costs a phone hydration time (issue 25's total blocking time).
 */
export function CarCard({ car, priority = false }: CarCardProps) {
  const { add } = useCart();
  const href = sitePath('car', { slug: car.slug });
  const brandLogo = car.brand?.images[0];

  const addToLikes = () => {
    add(car);
    notifySuccess('Added to Favourites Successfully');
  };

  return (
    <Card component="article" padding="md" className={classes.card} aria-labelledby={`car-${car.id}`}>
      <Card.Section>
        <CarPhoto car={car} href={href} alt={`${car.year} ${car.name}`} priority={priority}>
          <Tag className={classes.condition} size="sm">
            {car.condition}
          </Tag>
          <CarStatusBadge status={car.status} size="md" className={classes.status} />
        </CarPhoto>
      </Card.Section>

      <CardBody>
        {car.brand ? (
          <Link to={sitePath('brand', { slug: car.brand.slug })} className={classes.brand}>
            {brandLogo ? (
              <img
                src={brandLogo.url}
                srcSet={imageSrcSet(brandLogo.url, IMAGE_FULL_WIDTH.logo)}
                sizes="28px"
                alt={`${car.brand.name} logo`}
                width={28}
                height={28}
                loading="lazy"
                decoding="async"
                className={classes.brandLogo}
              />
            ) : null}
            {car.brand.name}
          </Link>
        ) : null}

        {/* Plain wrapping: balanced lines would break names at hyphens ("CX-" / "5"). */}
        <CardTitle id={`car-${car.id}`}>
          <Link to={href}>{car.name}</Link>
        </CardTitle>

        <CardDescription>{truncate(car.description, CARD_DESCRIPTION_PREVIEW)}</CardDescription>

        <CardPrice>sh. {formatAmount(car.price)}</CardPrice>

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
          {/* Its 150-point report is on its page (a car kept in favourites from before may lack the field). */}
          {car.inspected ? (
            <Tag square>Inspected</Tag>
          ) : null}
        </CardSpecs>

        <div className={classes.ratingRow}>
          <div className={classes.rating}>
            <span className={classes.ratingLabel}>Safety</span>
            <StarRating value={car.safetyRating ?? DEFAULT_SAFETY_RATING} label="Safety rating" />
          </div>
          <CompareToggle car={car} size="compact-xs" />
        </div>
      </CardBody>

      <CardActions>
        <Button component={Link} to={href} aria-label={`View ${car.name}`} className={classes.view}>
          View
        </Button>
        <Button variant="outline" px="sm" leftSection={<HeartIcon size={16} />} onClick={addToLikes} className={classes.like}>
          Add To Likes
        </Button>
      </CardActions>
    </Card>
  );
}
