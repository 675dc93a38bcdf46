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
