import { DEFAULT_SAFETY_RATING, DEFAULT_SEATS, type Car } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatAmount } from '@dealership/shared-util';
import { useCart } from '@dealership/web-session';
import { CarPhoto, ErrorState, HeartIcon, notifySuccess, StarRating } from '@dealership/web-ui';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CarGridSkeleton } from '../CarGrid/CarGrid';
import cardClasses from '../CarCard/CarCard.module.css';

const COLS = { base: 1, xs: 2, md: 3, lg: 4 } as const;

/** A similar car (spec §2): brand, image, name, price, fuel type, safety rating, seats, View Details, Save. */
export function SimilarCarCard({ car }: { car: Car }) {
  const { add } = useCart();
  const href = sitePath('car', { slug: car.slug });
  const save = () => {
    add(car);
    notifySuccess('Added to Favourites Successfully');
  };
  return (
    <Card component="article" padding="md" className={cardClasses.card} aria-labelledby={`similar-${car.id}`}>
      <Card.Section>
        <CarPhoto car={car} href={href} alt={`${car.year} ${car.name}`} />
      </Card.Section>
      <Stack gap={6} mt="md" className={cardClasses.body}>
        {car.brand ? (
          <Text size="sm" c="gray.7" fw={600}>
            {car.brand.name}
          </Text>
        ) : null}
        <Title order={3} size="h5" lh={1.3} id={`similar-${car.id}`} textWrap="wrap">
          <Link to={href} className={cardClasses.name}>
            {car.name}
          </Link>
        </Title>
        <Text fw={800} fz="lg" c="navy.8">
          sh. {formatAmount(car.price)}
        </Text>
        <div className={cardClasses.specs}>
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
        <Button component={Link} to={href} size="sm" className={cardClasses.view} aria-label={`View Details of ${car.name}`}>
          View Details
        </Button>
        <Button variant="outline" size="sm" leftSection={<HeartIcon size={16} />} onClick={save} aria-label={`Save ${car.name}`}>
          Save
        </Button>
      </Group>
    </Card>
  );
}

export interface SimilarCarsProps {
  brandName: string;
  cars: Car[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** 'Similar {brand} Vehicles': the brand's other cars, or a note when there are none. */
export function SimilarCars({ brandName, cars, isLoading, isError, onRetry }: SimilarCarsProps) {
  let body;
  if (isLoading) body = <CarGridSkeleton count={4} label="Loading similar vehicles" />;
  else if (isError || !cars) body = <ErrorState title="Could not load similar vehicles" onRetry={onRetry} />;
  else if (cars.length === 0) body = <Text c="gray.7">Currently no similar {brandName} vehicles available.</Text>;
  else
    body = (
      <SimpleGrid cols={COLS} spacing="lg">
        {cars.map((car) => (
          <SimilarCarCard key={car.id} car={car} />
        ))}
      </SimpleGrid>
    );

  return (
    <section aria-labelledby="similar-heading">
      <Title order={2} size="h3" id="similar-heading" mb="md">
        Similar {brandName} Vehicles
      </Title>
      {body}
    </section>
  );
}
