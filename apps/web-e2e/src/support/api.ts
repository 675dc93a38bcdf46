// The few fields of the legacy REST answers the specs cross-check, checked at run time so a
// changed API fails with a clear message instead of an `undefined` deep in an assertion.

export interface ApiCar {
  name: string;
  slug: string;
  price: number;
  /** 'Available', 'Reserved' or 'Sold': only an available car can be saved or ordered. */
  status: string;
}

export interface ApiBrand {
  name: string;
  slug: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf<T>(body: unknown, key: string, isItem: (item: Record<string, unknown>) => boolean, pick: (item: Record<string, unknown>) => T): T[] {
  if (!isRecord(body) || body['success'] !== true || !Array.isArray(body[key])) {
    throw new Error(`Expected {success: true, ${key}: [...]}, got ${JSON.stringify(body).slice(0, 200)}`);
  }
  return body[key].map((item: unknown, index: number) => {
    if (!isRecord(item) || !isItem(item)) throw new Error(`${key}[${index}] lacks the expected fields: ${JSON.stringify(item).slice(0, 200)}`);
    return pick(item);
  });
}

/** `GET /api/car/getAll-car` -> its cars, in the server's order (newest first). */
export function parseCarList(body: unknown): ApiCar[] {
  return listOf(
    body,
    'cars',
    (car) => typeof car['name'] === 'string' && typeof car['slug'] === 'string' && typeof car['price'] === 'number' && typeof car['status'] === 'string',
    (car) => ({ name: String(car['name']), slug: String(car['slug']), price: Number(car['price']), status: String(car['status']) }),
  );
}

/** `GET /api/brand/getAll-brand` -> its brands. */
export function parseBrandList(body: unknown): ApiBrand[] {
  return listOf(
    body,
    'brands',
    (brand) => typeof brand['name'] === 'string' && typeof brand['slug'] === 'string',
    (brand) => ({ name: String(brand['name']), slug: String(brand['slug']) }),
  );
}

/** Escapes text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
