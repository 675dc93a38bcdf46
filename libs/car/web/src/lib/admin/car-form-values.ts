import type { BrandRef } from '@dealership/brand-schemas';
import { type CarDraft, type CarStaff, CarCreateInputSchema, type CarCreateFields, CarUpdateInputSchema, type CarUpdateFields } from '@dealership/car-schemas';
import type { ImageRef } from '@dealership/media-schemas';
import { CAR_FIELD_LABELS, type CarFieldName } from './admin-car-copy';

/** A number input's value: a number, or '' while empty (Mantine's NumberInput). */
type NumberValue = number | string;

/** What the car form holds while the dealer types: inputs may be blank, selects unset. */
export interface CarFormValues {
  brandId: string | null;
  name: string;
  description: string;
  price: NumberValue;
  fuelType: string | null;
  transmission: string | null;
  engineSize: NumberValue;
  mileage: NumberValue;
  year: NumberValue;
  drive: string | null;
  bodyType: string | null;
  condition: string | null;
  status: string | null;
  featured: boolean;
  safetyRating: NumberValue;
  seats: NumberValue;
  horsepower: NumberValue;
  torque: NumberValue;
  accelerationSeconds: NumberValue;
  groundClearanceMm: NumberValue;
  fuelTankLitres: NumberValue;
  warranty: string;
  model: string;
  exteriorColour: string;
  interiorColour: string;
  stockNumber: string;
  chassisNumber: string;
}

/** A new car's blank form (condition New and status Available, the server's defaults). */
export const EMPTY_CAR_FORM: CarFormValues = {
  brandId: null,
  name: '',
  description: '',
  price: '',
  fuelType: null,
  transmission: null,
  engineSize: '',
  mileage: '',
  year: '',
  drive: null,
  bodyType: null,
  condition: 'New',
  status: 'Available',
  featured: false,
  safetyRating: '',
  seats: '',
  horsepower: '',
  torque: '',
  accelerationSeconds: '',
  groundClearanceMm: '',
  fuelTankLitres: '',
  warranty: '',
  model: '',
  exteriorColour: '',
  interiorColour: '',
  stockNumber: '',
  chassisNumber: '',
};

const orBlank = (value: number | null): NumberValue => value ?? '';

/**
 * A new car's form filled from a trade-in waiting to be listed (issue 46): its make as the brand
 * when the catalogue has that brand, its model in the name and the model, its year and mileage,
 * locally used. Price, specs and description are for staff to add.
 */
export function tradeInFormValues(draft: CarDraft, brands: readonly Pick<BrandRef, 'id' | 'name'>[]): CarFormValues {
  const make = draft.make?.trim().toLowerCase();
  const brand = make ? brands.find((b) => b.name.trim().toLowerCase() === make) : undefined;
  return {
    ...EMPTY_CAR_FORM,
    brandId: brand?.id ?? null,
    name: [draft.make, draft.model].filter(Boolean).join(' '),
    model: draft.model ?? '',
    year: orBlank(draft.year),
    mileage: orBlank(draft.mileage),
    condition: 'Locally Used',
  };
}

/** Every field of a saved car, for the Update Car form. */
export function carFormValues(car: CarStaff): CarFormValues {
  return {
    brandId: car.brand?.id ?? null,
    name: car.name,
    description: car.description,
    price: car.price,
    fuelType: car.fuelType,
    transmission: car.transmission,
    engineSize: car.engineSize,
    mileage: car.mileage,
    year: car.year,
    drive: car.drive,
    bodyType: car.bodyType,
    condition: car.condition,
    status: car.status,
    featured: car.featured,
    safetyRating: orBlank(car.safetyRating),
    seats: orBlank(car.seats),
    horsepower: orBlank(car.horsepower),
    torque: orBlank(car.torque),
    accelerationSeconds: orBlank(car.accelerationSeconds),
    groundClearanceMm: orBlank(car.groundClearanceMm),
    fuelTankLitres: orBlank(car.fuelTankLitres),
    warranty: car.warranty ?? '',
    model: car.model,
    exteriorColour: car.exteriorColour ?? '',
    interiorColour: car.interiorColour ?? '',
    stockNumber: car.stockNumber,
    chassisNumber: car.chassisNumber ?? '',
  };
}

/** A number input as the schema reads it: blank is null (the schema says "required" or "not given"). */
function numberOf(value: NumberValue): number | string | null {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  // Text that is not a number goes to the schema as is, which says "must be a number".
  return Number.isFinite(parsed) ? parsed : trimmed;
}

const blankAsUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/**
 * The form as the write schemas read it. Blank required fields stay blank (null) so the schema
 * answers with the spec's "... is required"; blank optional specs become null (not given, or
 * cleared on update).
 */
export function carInputOf(values: CarFormValues, images: readonly ImageRef[]) {
  return {
    brandId: values.brandId,
    images: [...images],
    name: values.name,
    price: numberOf(values.price),
    fuelType: values.fuelType,
    transmission: values.transmission,
    engineSize: numberOf(values.engineSize),
    mileage: numberOf(values.mileage),
    year: numberOf(values.year),
    drive: values.drive,
    description: values.description,
    bodyType: values.bodyType,
    condition: values.condition ?? undefined,
    featured: values.featured,
    status: values.status ?? undefined,
    safetyRating: numberOf(values.safetyRating),
    seats: numberOf(values.seats),
    horsepower: numberOf(values.horsepower),
    torque: numberOf(values.torque),
    accelerationSeconds: numberOf(values.accelerationSeconds),
    groundClearanceMm: numberOf(values.groundClearanceMm),
    fuelTankLitres: numberOf(values.fuelTankLitres),
    warranty: values.warranty.trim() === '' ? null : values.warranty,
    // Blank model and stock number: given by the server on create (read from the name; the next
    // number), left as they are on update. Blank colours and chassis number are none.
    model: blankAsUndefined(values.model),
    exteriorColour: values.exteriorColour,
    interiorColour: values.interiorColour,
    stockNumber: blankAsUndefined(values.stockNumber),
    chassisNumber: values.chassisNumber,
  };
}

/** The first problem of a submit: the field to mark and the message to show. */
export interface CarFormProblem {
  field: CarFieldName;
  message: string;
}

export type CarFormCheck<T> = { ok: true; input: T } | { ok: false; problem: CarFormProblem };

/** The form field a server or schema path names (`images.0` is the picture list). */
export function fieldOfPath(path: string | number | symbol | undefined): CarFieldName | undefined {
  const head = typeof path === 'string' ? path.split('.')[0] : undefined;
  return head !== undefined && head in CAR_FIELD_LABELS ? (head as CarFieldName) : undefined;
}

function firstProblem(issues: readonly { path: readonly PropertyKey[]; message: string }[]): CarFormProblem {
  const [first] = issues;
  return { field: fieldOfPath(first?.path[0]) ?? 'name', message: first?.message ?? 'Please check the form' };
}

/**
 * Create Car's submit checks (spec §5): the shared schema lists its fields in the spec's order of
 * checks, and zod reports issues in that order, so the first issue is the one the spec shows first.
 */
export function checkCarCreate(values: CarFormValues, images: readonly ImageRef[]): CarFormCheck<CarCreateFields> {
  const result = CarCreateInputSchema.safeParse(carInputOf(values, images));
  return result.success ? { ok: true, input: result.data } : { ok: false, problem: firstProblem(result.error.issues) };
}

/** Update Car's checks: the same rules, for every field but the brand (fixed once allocated). */
export function checkCarUpdate(id: string, values: CarFormValues, images: readonly ImageRef[]): CarFormCheck<CarUpdateFields> {
  const { brandId: _brandId, ...fields } = carInputOf(values, images);
  const result = CarUpdateInputSchema.safeParse({ id, ...fields });
  return result.success ? { ok: true, input: result.data } : { ok: false, problem: firstProblem(result.error.issues) };
}
