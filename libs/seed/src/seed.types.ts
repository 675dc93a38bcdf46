import type { Car } from '@dealership/car-model';

/** A brand of the demo catalogue. */
export interface SeedBrand {
  name: string;
  description: string;
  /** Logo colours (hex, `#rrggbb`): the badge background and the lettering. */
  colors: { primary: string; accent: string };
}

/** The car fields the demo catalogue sets, in the contract's names. */
type SeedCarFields = Pick<
  Car,
  | 'name'
  | 'description'
  | 'price'
  | 'fuelType'
  | 'transmission'
  | 'engineSize'
  | 'mileage'
  | 'safetyRating'
  | 'year'
  | 'seats'
  | 'drive'
  | 'horsepower'
  | 'torque'
  | 'accelerationSeconds'
  | 'groundClearanceMm'
  | 'fuelTankLitres'
  | 'warranty'
  | 'condition'
  | 'bodyType'
>;

/** A car of the demo catalogue. */
export interface SeedCar extends SeedCarFields {
  /** `SeedBrand.name` of its brand. */
  brand: string;
  /** Body colour of the generated pictures (hex). */
  paint: string;
}
