import type { BrandRef } from '@dealership/brand-schemas';
import type { Car } from '@dealership/car-model';
import type { ImageRef } from '@dealership/media-schemas';
import { isRecord, stringField } from '../storage/records';

// Entries are written only by `add(car)` with cars from the API, so a light check of the fields the
// list relies on guards against foreign or hand-edited storage without shipping the full CarSchema
// (or any zod: this runs in the entry chunk of every page). Other fields pass through unchecked.
//
// Visitors' lists saved before the contract rename hold cars in the legacy wire shape (`_id`,
// `documents` with `public_id`, `yom`, `seater`, ..., a brand with `_id` and `image`); they are
// converted here, field by field, so a list mixing both shapes reads as one.

/** Domain name <- legacy name of the car fields that were renamed without other change. */
const RENAMED_CAR_FIELDS = [
  ['id', '_id'],
  ['year', 'yom'],
  ['seats', 'seater'],
  ['safetyRating', 'safetyrating'],
  ['accelerationSeconds', 'accelaration'],
  ['groundClearanceMm', 'size'],
  ['fuelTankLitres', 'fuelTank'],
] as const;

/** Pictures (`images`, or legacy `documents`/`image` entries with `public_id`); null if one has no url. */
function toImages(value: unknown): ImageRef[] | null {
  if (!Array.isArray(value)) return null;
  const images: ImageRef[] = [];
  for (const image of value) {
    if (!isRecord(image) || typeof image['url'] !== 'string') return null;
    // The web uses the id only as a list key; the url stands in when an entry lacks one.
    images.push({ url: image['url'], publicId: stringField(image, 'publicId', 'public_id') ?? image['url'] });
  }
  return images;
}

function toBrandRef(value: unknown): BrandRef | null {
  if (!isRecord(value)) return null;
  const id = stringField(value, 'id', '_id');
  const { name, slug } = value;
  if (id === undefined || typeof name !== 'string' || typeof slug !== 'string') return null;
  return { id, name, slug, images: toImages(value['images'] ?? value['image']) ?? [] };
}

/** A stored favourites entry as a `Car` in the domain shape, or null when it is malformed. */
export function toStoredCar(item: unknown): Car | null {
  if (!isRecord(item)) return null;
  const car: Record<string, unknown> = { ...item };
  for (const [name, legacy] of RENAMED_CAR_FIELDS) {
    if (!(legacy in car)) continue;
    if (!(name in car)) car[name] = car[legacy];
    delete car[legacy];
  }
  const images = toImages(item['images'] ?? item['documents']);
  delete car['documents'];
  if (
    images === null ||
    typeof car['id'] !== 'string' ||
    typeof car['name'] !== 'string' ||
    typeof car['slug'] !== 'string' ||
    typeof car['price'] !== 'number'
  ) {
    return null;
  }
  car['images'] = images;
  car['brand'] = toBrandRef(item['brand']);
  // Checked above: the fields the list, its links and its total rely on.
  return car as Car;
}
