import { CARD_DESCRIPTION_PREVIEW, DEFAULT_SAFETY_RATING, DEFAULT_SEATS, type Car } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatAmount, truncate } from '@dealership/shared-util';
import { useCart } from '@dealership/web-session';
import { CarPhoto, CarStatusBadge, HeartIcon, IMAGE_FULL_WIDTH, imageSrcSet, notifySuccess, StarRating } from '@dealership/web-ui';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './CarCard.module.css';
import { CompareToggle } from '../compare/CompareToggle';

export interface CarCardProps {
  car: Car;
  /** Load the image eagerly (cards above the fold). */
  priority?: boolean;
}

/** A car in a grid (spec §2 "Car card"). */
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
          <Badge className={classes.condition} color="navy" variant="filled" size="sm">
            {car.condition}
          </Badge>
          <CarStatusBadge status={car.status} size="md" className={classes.status} />
        </CarPhoto>
      </Card.Section>

      <Stack gap={8} mt="md" className={classes.body}>
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
        <Title order={3} size="h4" lh={1.25} id={`car-${car.id}`} textWrap="wrap">
          <Link to={href} className={classes.name}>
            {car.name}
          </Link>
        </Title>

        <Text size="sm" c="gray.7">
          {truncate(car.description, CARD_DESCRIPTION_PREVIEW)}
        </Text>

        <Text fw={800} fz="xl" c="navy.8">
          sh. {formatAmount(car.price)}
        </Text>

        <div className={classes.specs}>
          <Badge variant="light" color="gray" size="md" radius="sm">
            {car.engineSize} cc
          </Badge>
          <Badge variant="light" color="gray" size="md" radius="sm">
            {car.fuelType}
          </Badge>
          <Badge variant="light" color="gray" size="md" radius="sm">
            {car.seats ?? DEFAULT_SEATS} seats
          </Badge>
        </div>

        <Group justify="space-between" gap={6} wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="gray.7">
              Safety
            </Text>
            <StarRating value={car.safetyRating ?? DEFAULT_SAFETY_RATING} label="Safety rating" />
          </Group>
          <CompareToggle car={car} size="compact-xs" />
        </Group>
      </Stack>

      <Group gap="xs" mt="md" wrap="nowrap">
        <Button component={Link} to={href} aria-label={`View ${car.name}`} className={classes.view}>
          View
        </Button>
        <Button variant="outline" px="sm" leftSection={<HeartIcon size={16} />} onClick={addToLikes} className={classes.like}>
          Add To Likes
        </Button>
      </Group>
    </Card>
  );
}
