import type { Car } from '@dealership/car-schemas';
import { formatAmount } from '@dealership/shared-util';
import { SimpleGrid, Title } from '@mantine/core';
import classes from './TechSpecs.module.css';

/** A row of the grid: its label and its value as shown. */
export type SpecRow = [label: string, value: string];

/**
 * The rows of the Technical Specifications grid (spec §2): six always, the optional specs only
 * when the car has a value (`seats`, `fuelTankLitres`, `accelerationSeconds`, `horsepower`,
 * `safetyRating`, `groundClearanceMm`, `torque`), then the vehicle's data: condition, body type,
 * colour, warranty, stock number, and the chassis number's last 6 characters (all the server sends).
 */
export function techSpecRows(car: Car): SpecRow[] {
  // [label, value, unit]: one table, so a row costs the page's script a few bytes.
  const rows: [string, string | number | null, string?][] = [
    ['Fuel Type', car.fuelType],
    ['Mileage', formatAmount(car.mileage), ' Kms'],
    ['Drive Type', car.drive],
    ['Engine Size', car.engineSize, ' cc'],
    ['Transmission', car.transmission],
    ['Year', car.year],
    ['Seats', car.seats],
    ['Fuel Capacity', car.fuelTankLitres, ' Litres'],
    ['0-100 km/h', car.accelerationSeconds, ' seconds'],
    ['Horse Power', car.horsepower, ' Hp'],
    ['Safety Rating', car.safetyRating, ' stars'],
    ['Ground Clearance', car.groundClearanceMm, ' mm'],
    ['Torque', car.torque, ' Nm'],
    ['Condition', car.condition],
    ['Body Type', car.bodyType],
    // The body colour; the cabin's is on /compare (this page's script is at its budget).
    ['Colour', car.exteriorColour],
    ['Warranty', car.warranty],
    ['Stock No.', car.stockNumber],
    ['Chassis No. (last 6)', car.chassisNumberEnd],
  ];
  // Not given: null, or a blank text; an electric car's engine size is 0 (none), so it has no row.
  return rows.filter((row) => row[1]).map(([label, value, unit = '']) => [label, value + unit]);
}

/** The car's Technical Specifications as a description list in a grid. */
export function TechSpecs({ car }: { car: Car }) {
  return (
    <section aria-labelledby="tech-specs-heading">
      <Title order={2} size="h3" id="tech-specs-heading" mb="md">
        Technical Specifications
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" verticalSpacing="sm" className={classes.grid}>
        {techSpecRows(car).map(([label, value]) => (
          <div key={label} className={classes.item}>
            {/* Styled in CSS, not with Text's props: the page's script is at its budget. */}
            <dt className={classes.label}>{label}</dt>
            <dd className={classes.value}>{value}</dd>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}
