import type { BodyType, Condition, Drive, FuelType, Transmission } from '@dealership/car-schemas';

/** A brand of the demo catalogue. */
export interface SeedBrand {
  name: string;
  description: string;
  /** Logo colours (hex, `#rrggbb`): the badge background and the lettering. */
  colors: { primary: string; accent: string };
}

/** A car of the demo catalogue, in the API's legacy field names. */
export interface SeedCar {
  name: string;
  /** `SeedBrand.name` of its brand. */
  brand: string;
  description: string;
  /** Whole KES. */
  price: number;
  fuelType: FuelType;
  transmission: Transmission;
  engineSize: number;
  mileage: number;
  safetyrating: number | null;
  yom: number;
  seater: number | null;
  drive: Drive;
  horsepower: number | null;
  torque: number | null;
  accelaration: number | null;
  /** Ground clearance, mm. */
  size: number | null;
  fuelTank: number | null;
  warranty: string | null;
  condition: Condition;
  bodyType: BodyType;
  /** Body colour of the generated pictures (hex). */
  paint: string;
}
