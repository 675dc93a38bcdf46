import { fromLegacyImage, LegacyImageSchema, listOf } from '@dealership/server-legacy-rest';
import { z } from 'zod';
import { LegacyCarSchema } from './car.legacy-shape';

// The legacy REST shapes (`../shared/spec/legacy-rest-contract.md`): third-party clients read these
// names and this key order, so they are kept byte for byte. Nothing of our own uses them. The car
// itself (`LegacyCarSchema`, `toLegacyCar`) is in server-legacy-rest: brand's by-slug answers with it too.

// The answers of the `/api/car/...` routes (the REST document describes them with these).

/** `getAll-car`: every listed car (or those matching `searchQuery`), newest first. */
export const LegacyCarListResponseSchema = z.strictObject({
  success: z.literal(true),
  totalCar: z.number().int(),
  message: z.string(),
  cars: z.array(LegacyCarSchema),
});
/** One car: `getCarById-car`, `create-car`, `update-car`, `delete-image/{carId}`. */
export const LegacyCarResponseSchema = z.strictObject({ success: z.literal(true), message: z.string(), car: LegacyCarSchema });
/** `related-car`: other listed cars of the brand. */
export const LegacyRelatedCarsResponseSchema = z.strictObject({ success: z.literal(true), cars: z.array(LegacyCarSchema) });

/** The legacy name of each domain field a legacy write sends. */
export const LEGACY_CAR_FIELDS: Record<string, string> = {
  brandId: 'brand',
  images: 'documents',
  safetyRating: 'safetyrating',
  year: 'yom',
  seats: 'seater',
  accelerationSeconds: 'accelaration',
  groundClearanceMm: 'size',
  fuelTankLitres: 'fuelTank',
};

/**
 * The fields a legacy write may send, in the domain's names: the contract's fields of the legacy
 * site. Fields added since (model, colours, stock number, chassis number) are not read from
 * legacy writes and do not appear in their REST document (they take their defaults on create).
 */
const LEGACY_WRITE_FIELDS = [
  'brandId',
  'images',
  'name',
  'price',
  'fuelType',
  'transmission',
  'engineSize',
  'mileage',
  'year',
  'drive',
  'description',
  'bodyType',
  'condition',
  'featured',
  'status',
  'safetyRating',
  'seats',
  'horsepower',
  'torque',
  'accelerationSeconds',
  'groundClearanceMm',
  'fuelTankLitres',
  'warranty',
];

const REQUIRED_NUMBERS = ['price', 'engineSize', 'mileage', 'year'];
const OPTIONAL_NUMBERS = ['safetyRating', 'seats', 'horsepower', 'torque', 'accelerationSeconds', 'groundClearanceMm', 'fuelTankLitres'];
const NUMBER_TEXT = /^\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * A form value as the contract reads it: a number's text is the number, `true`/`false` the
 * boolean. A blank optional field (a spec left empty, `warranty`) is "none"; a blank required one
 * stays blank, so the contract answers its "is required" message.
 */
function formValue(field: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const blank = value.trim() === '';
  if (OPTIONAL_NUMBERS.includes(field) || field === 'warranty')
    return blank ? null : OPTIONAL_NUMBERS.includes(field) && NUMBER_TEXT.test(value) ? Number(value) : value;
  if (REQUIRED_NUMBERS.includes(field)) return NUMBER_TEXT.test(value) ? Number(value) : value;
  if (field === 'featured') return value === 'true' ? true : value === 'false' ? false : blank ? undefined : value;
  return value;
}

/**
 * The body of a legacy car write, for the REST document, derived from the contract the route
 * parses it with (`CarCreateInputSchema`, `CarUpdateInputSchema`): the same fields, required or
 * not as there, under their legacy names. As JSON, numbers may come as their text and each
 * `documents` entry is `{url, public_id}` or its JSON text; as the legacy client's multipart form,
 * every field is text and `documents` is repeated, each the JSON text of `{url, public_id}`.
 */
export function legacyCarBodySchema(contract: z.ZodObject, form: 'json' | 'multipart'): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [field, schema] of Object.entries(contract.shape) as [string, z.ZodType][]) {
    // The id is the path's; fields the legacy site did not have are not legacy fields.
    if (field === 'id' || !LEGACY_WRITE_FIELDS.includes(field)) continue;
    const optional = schema instanceof z.ZodOptional;
    const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
    const documentEntry = z.string().meta({ description: 'The JSON text of `{url, public_id}`: a picture of our store (`POST /api/media/upload`).' });
    const legacy =
      field === 'images'
        ? z
            .array(form === 'json' ? z.union([LegacyImageSchema, documentEntry]) : documentEntry)
            .meta({ description: 'The pictures in order; the first is the main one.' })
        : form === 'multipart'
          ? z.string()
          : [...REQUIRED_NUMBERS, ...OPTIONAL_NUMBERS].includes(field)
            ? z.union([inner, z.string().meta({ description: 'The number as text (form values).' })])
            : inner;
    shape[LEGACY_CAR_FIELDS[field] ?? field] = optional ? legacy.optional() : legacy;
  }
  return z.object(shape);
}

/** A legacy create/update body (multipart or JSON, legacy names) in the domain's names and types. */
export function fromLegacyCarBody(fields: Record<string, unknown>): Record<string, unknown> {
  const legacyOf = (field: string) => LEGACY_CAR_FIELDS[field] ?? field;
  const domain: Record<string, unknown> = {};
  for (const field of LEGACY_WRITE_FIELDS) {
    const value = fields[legacyOf(field)];
    if (field === 'images') domain.images = listOf(value)?.map(fromLegacyImage);
    else domain[field] = formValue(field, value);
  }
  return domain;
}
