import type { Car } from '@dealership/car-schemas';
import { formatAmount } from '@dealership/shared-util';

/** One row of the comparison: a spec field, and which value wins where one can. */
export interface CompareRow {
  label: string;
  value: (car: Car) => string;
  /** The number a best value is picked by, and whether lower or higher wins. */
  best?: { of: (car: Car) => number | null; wins: 'lowest' | 'highest' };
}

const orDash = (value: string | number | null | undefined, unit = '') => (value === null || value === undefined || value === '' ? '—' : `${value}${unit}`);

/** Every spec field of a car, as the car page names them; price, mileage, year and safety rating pick a best. */
export const COMPARE_ROWS: readonly CompareRow[] = [
  { label: 'Price', value: (car) => `KES ${formatAmount(car.price)}`, best: { of: (car) => car.price, wins: 'lowest' } },
  { label: 'Year', value: (car) => String(car.year), best: { of: (car) => car.year, wins: 'highest' } },
  { label: 'Mileage', value: (car) => `${formatAmount(car.mileage)} Kms`, best: { of: (car) => car.mileage, wins: 'lowest' } },
  { label: 'Condition', value: (car) => car.condition },
  { label: 'Status', value: (car) => car.status },
  { label: 'Brand', value: (car) => orDash(car.brand?.name) },
  { label: 'Body Type', value: (car) => car.bodyType },
  { label: 'Fuel Type', value: (car) => car.fuelType },
  { label: 'Transmission', value: (car) => car.transmission },
  { label: 'Engine Size', value: (car) => orDash(car.engineSize || null, ' cc') },
  { label: 'Drive Type', value: (car) => car.drive },
  { label: 'Horse Power', value: (car) => orDash(car.horsepower, ' Hp') },
  { label: 'Torque', value: (car) => orDash(car.torque, ' Nm') },
  { label: '0-100 km/h', value: (car) => orDash(car.accelerationSeconds, ' seconds') },
  { label: 'Seats', value: (car) => orDash(car.seats) },
  { label: 'Safety Rating', value: (car) => orDash(car.safetyRating, ' stars'), best: { of: (car) => car.safetyRating, wins: 'highest' } },
  { label: 'Ground Clearance', value: (car) => orDash(car.groundClearanceMm, ' mm') },
  { label: 'Fuel Capacity', value: (car) => orDash(car.fuelTankLitres, ' Litres') },
  { label: 'Warranty', value: (car) => orDash(car.warranty) },
  { label: 'Model', value: (car) => orDash(car.model) },
  { label: 'Exterior Colour', value: (car) => orDash(car.exteriorColour) },
  { label: 'Interior Colour', value: (car) => orDash(car.interiorColour) },
  { label: 'Stock No.', value: (car) => car.stockNumber },
];

/**
 * The ids of the cars holding a row's best value: none when fewer than two cars have a value or
 * all have the same one (nothing stands out), else every car with the winning value.
 */
export function bestOf(row: CompareRow, cars: readonly Car[]): Set<string> {
  if (!row.best) return new Set();
  const { of, wins } = row.best;
  const valued = cars.flatMap((car) => {
    const value = of(car);
    return value === null ? [] : [{ id: car.id, value }];
  });
  if (valued.length < 2) return new Set();
  const values = valued.map((entry) => entry.value);
  const winner = wins === 'lowest' ? Math.min(...values) : Math.max(...values);
  if (values.every((value) => value === winner)) return new Set();
  return new Set(valued.filter((entry) => entry.value === winner).map((entry) => entry.id));
}

/** The slugs of `?cars=a,b,c`: at most `max`, each once, empty ones dropped. */
export function slugsFromQuery(value: string | null, max: number): string[] {
  if (!value) return [];
  const slugs = value
    .split(',')
    .map((slug) => slug.trim().toLowerCase())
    .filter((slug) => slug.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug));
  return [...new Set(slugs)].slice(0, max);
}
