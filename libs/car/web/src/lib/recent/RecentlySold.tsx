import { trpc } from '@dealership/web-trpc-client';
import { Box, Text, Title } from '@mantine/core';
import { CarStrip } from './CarStrip';
import classes from './CarStrip.module.css';

/**
 * "Recently sold" on /cars: the cars sold in the last 30 days (`car.recentlySold`), each linking
 * to its page, which stays up marked Sold with similar cars. Nothing when none was sold lately.
 */
export function RecentlySold() {
  const sold = trpc.car.recentlySold.useQuery();
  if (!sold.data || sold.data.length === 0) return null;
  const cars = sold.data.map((car) => ({ slug: car.slug, name: car.name, price: car.price, year: car.year, image: car.images[0]?.url }));
  return (
    <Box component="section" aria-labelledby="recently-sold-heading" className={classes.section} mt={48}>
      <Title order={2} size="h3" id="recently-sold-heading">
        Recently sold
      </Title>
      <Text c="gray.7" size="sm" mb="sm">
        Missed one? Ask us to find you a similar car.
      </Text>
      <CarStrip cars={cars} sold />
    </Box>
  );
}
