import type { Car } from '@dealership/car-schemas';
import type { BrandRef } from '@dealership/brand-schemas';

/** A car row as the repository loads it: the car, its pictures, and its brand with the logo. */
export interface CarRow {
  id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  fuelType: Car['fuelType'];
  transmission: Car['transmission'];
  engineSize: number;
  mileage: number;
  safetyRating: number | null;
  yom: number;
  seater: number | null;
  drive: Car['drive'];
  horsepower: number | null;
  torque: number | null;
  accelaration: number | null;
  groundClearance: number | null;
  fuelTank: number | null;
  warranty: string | null;
  condition: Car['condition'];
  bodyType: Car['bodyType'];
  createdAt: Date;
  updatedAt: Date;
  images: { url: string; publicId: string }[];
  brand: { id: string; name: string; slug: string; images: { url: string; publicId: string }[] } | null;
}

const imageRef = (image: { url: string; publicId: string }) => ({ url: image.url, public_id: image.publicId });

export function toBrandRef(brand: NonNullable<CarRow['brand']>): BrandRef {
  return { _id: brand.id, name: brand.name, slug: brand.slug, image: brand.images.map(imageRef) };
}

/** The API's car (legacy field names, ISO timestamps) from a loaded row. */
export function toCar(row: CarRow): Car {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: row.price,
    brand: row.brand ? toBrandRef(row.brand) : null,
    fuelType: row.fuelType,
    transmission: row.transmission,
    engineSize: row.engineSize,
    mileage: row.mileage,
    safetyrating: row.safetyRating,
    yom: row.yom,
    seater: row.seater,
    drive: row.drive,
    horsepower: row.horsepower,
    torque: row.torque,
    accelaration: row.accelaration,
    size: row.groundClearance,
    fuelTank: row.fuelTank,
    warranty: row.warranty,
    condition: row.condition,
    bodyType: row.bodyType,
    documents: row.images.map(imageRef),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
