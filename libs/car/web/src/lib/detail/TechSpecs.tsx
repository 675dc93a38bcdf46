import type { Car } from '@dealership/car-schemas';
import { formatAmount } from '@dealership/shared-util';
import { SimpleGrid, Text, Title } from '@mantine/core';
import classes from './TechSpecs.module.css';

export interface SpecRow {
  label: string;
  value: string;
}

/**
 * The rows of the Technical Specifications grid (spec §2): six always, the optional ones only
 * when the car has a value (`seats`, `fuelTankLitres`, `accelerationSeconds`, `horsepower`,
 * `safetyRating`, `groundClearanceMm`, `torque`).
 */
export function techSpecRows(car: Car): SpecRow[] {
  const rows: SpecRow[] = [
    { label: 'Fuel Type', value: car.fuelType },
    { label: 'Mileage', value: `${formatAmount(car.mileage)} Kms` },
    { label: 'Drive Type', value: car.drive },
    { label: 'Engine Size', value: `${car.engineSize} cc` },
    { label: 'Transmission', value: car.transmission },
    { label: 'Year', value: String(car.year) },
  ];
  const optional: [string, number | null, (n: number) => string][] = [
    ['Seats', car.seats, (n) => String(n)],
    ['Fuel Capacity', car.fuelTankLitres, (n) => `${n} Litres`],
    ['0-100 km/h', car.accelerationSeconds, (n) => `${n} seconds`],
    ['Horse Power', car.horsepower, (n) => `${n} Hp`],
    ['Safety Rating', car.safetyRating, (n) => `${n} stars`],
    ['Ground Clearance', car.groundClearanceMm, (n) => `${n} mm`],
    ['Torque', car.torque, (n) => `${n} Nm`],
  ];
  for (const [label, value, format] of optional) {
    if (value !== null && value !== undefined) rows.push({ label, value: format(value) });
  }
  return rows;
}

/** The car's Technical Specifications as a description list in a grid. */
export function TechSpecs({ car }: { car: Car }) {
  return (
    <section aria-labelledby="tech-specs-heading">
      <Title order={2} size="h3" id="tech-specs-heading" mb="md">
        Technical Specifications
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" verticalSpacing="sm" className={classes.grid}>
        {techSpecRows(car).map((row) => (
          <div key={row.label} className={classes.item}>
            <Text component="dt" size="xs" c="gray.7" tt="uppercase" fw={600} lts={0.5}>
              {row.label}
            </Text>
            <Text component="dd" fw={700} c="navy.9" m={0}>
              {row.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}
