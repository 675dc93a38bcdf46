import { MULTI_WORD_MODELS } from './car.constants';

/**
 * A model's slug, as its landing page's address uses it (`/cars/toyota/land-cruiser-prado`):
 * lower case, every run of characters other than a-z and 0-9 one hyphen, none at the ends
 * ("Land Cruiser Prado" -> "land-cruiser-prado", "CX-5" -> "cx-5"). The cars table computes the
 * same from its `model` column (`model_slug`, a generated column written with the same rule), so
 * the two must change together.
 */
export function modelSlug(model: string): string {
  return model
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The model a car's name states, when the name starts with its brand's ("Toyota Land Cruiser
 * Prado TX-L 2.8" of Toyota -> "Land Cruiser Prado"): after the brand, the longest of the brand's
 * `MULTI_WORD_MODELS` the rest starts with (whole words, any case, spelled as the list spells it),
 * else the rest's first word ("Toyota Harrier 2.0 Premium" -> "Harrier"). A name that does not
 * start with its brand's name gives "" (unknown: staff set it), as does a car without a brand.
 * Migration 0034_car_model applied this rule to the cars that existed before the field.
 */
export function modelFromName(brandName: string | null | undefined, carName: string): string {
  if (!brandName) return '';
  const name = carName.trim().replace(/\s+/g, ' ');
  const brand = brandName.trim().replace(/\s+/g, ' ');
  if (!name.toLowerCase().startsWith(`${brand.toLowerCase()} `)) return '';
  const rest = name.slice(brand.length + 1);
  const known = Object.entries(MULTI_WORD_MODELS).find(([b]) => b.toLowerCase() === brand.toLowerCase())?.[1] ?? [];
  const longestFirst = [...known].sort((a, b) => b.length - a.length);
  const match = longestFirst.find((model) => rest.toLowerCase() === model.toLowerCase() || rest.toLowerCase().startsWith(`${model.toLowerCase()} `));
  return match ?? rest.split(' ')[0];
}
