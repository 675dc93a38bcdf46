// The catalogue as the legacy REST API lists it, with the fields the visitor-screen specs cross-check
// (brand, body type, optional specs), so the specs compare the pages with the data rather than
// with hard-coded catalogue facts. The REST answer keeps the legacy wire names (`yom`, `seater`,
// ...); they are read here only, and the specs see the domain names the web uses.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export interface CatalogueCar {
  name: string;
  slug: string;
  price: number;
  brand: { name: string; slug: string } | null;
  bodyType: string;
  /** 'Sold' cars leave the listings (their pages stay). */
  status: string;
  year: number;
  seats: number | null;
  torque: number | null;
  horsepower: number | null;
  safetyRating: number | null;
  accelerationSeconds: number | null;
  groundClearanceMm: number | null;
  fuelTankLitres: number | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The cars of a `GET /api/car/getAll-car` answer, checked field by field. */
export function parseCatalogue(body: unknown): CatalogueCar[] {
  if (!isRecord(body) || body['success'] !== true || !Array.isArray(body['cars'])) {
    throw new Error(`Expected {success: true, cars: [...]}, got ${JSON.stringify(body).slice(0, 200)}`);
  }
  return body['cars'].map((item: unknown, index: number) => {
    if (!isRecord(item) || typeof item['name'] !== 'string' || typeof item['slug'] !== 'string' || typeof item['price'] !== 'number') {
      throw new Error(`cars[${index}] lacks name, slug or price: ${JSON.stringify(item).slice(0, 200)}`);
    }
    const brand = item['brand'];
    return {
      name: item['name'],
      slug: item['slug'],
      price: item['price'],
      brand: isRecord(brand) ? { name: String(brand['name']), slug: String(brand['slug']) } : null,
      bodyType: String(item['bodyType']),
      status: String(item['status']),
      year: Number(item['yom']),
      seats: numberOrNull(item['seater']),
      torque: numberOrNull(item['torque']),
      horsepower: numberOrNull(item['horsepower']),
      safetyRating: numberOrNull(item['safetyrating']),
      accelerationSeconds: numberOrNull(item['accelaration']),
      groundClearanceMm: numberOrNull(item['size']),
      fuelTankLitres: numberOrNull(item['fuelTank']),
    };
  });
}

/** The whole catalogue, newest first, optionally searched (`?searchQuery=`) as the server does. */
export async function fetchCatalogue(request: APIRequestContext, searchQuery?: string): Promise<CatalogueCar[]> {
  const url = searchQuery ? `/api/car/getAll-car?searchQuery=${encodeURIComponent(searchQuery)}` : '/api/car/getAll-car';
  const response = await request.get(url);
  if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}`);
  return parseCatalogue(await response.json());
}

/** Price ranges of spec §9, inclusive at both ends. */
export const PRICE_RANGE_BOUNDS: Record<string, [number, number]> = {
  '250K-500K': [250_000, 500_000],
  '500K-1M': [500_000, 1_000_000],
  '1M-2M': [1_000_000, 2_000_000],
  '2M-3M': [2_000_000, 3_000_000],
  '3M-4M': [3_000_000, 4_000_000],
  '4M-5M': [4_000_000, 5_000_000],
  '5M-50M': [5_000_000, 50_000_000],
};

export function inPriceRange(car: CatalogueCar, label: string): boolean {
  const [min, max] = PRICE_RANGE_BOUNDS[label];
  return car.price >= min && car.price <= max;
}

/** "7,600,000" as the pages print whole shillings. */
export function amount(price: number): string {
  return new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 }).format(price);
}

/** From this width the listing's filter panel is always shown (spec §9). */
export const FILTERS_ALWAYS_SHOWN_FROM_PX = 992;

/**
 * Below 992 px the listing's filter panel is a full-screen sheet behind 'Show Filters', closed by
 * 'Close Filters' at its top (spec §9) or 'Show N cars'; opens it there (`closeFilters` shows the
 * results again).
 */
export async function showFilters(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? Number.POSITIVE_INFINITY) < FILTERS_ALWAYS_SHOWN_FROM_PX) {
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await expect(page.getByRole('button', { name: 'Close Filters' })).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(page.getByRole('button', { name: 'Show Filters' })).toBeHidden();
  }
  const panel = page.getByRole('region', { name: 'Filters' });
  await panel.waitFor({ state: 'visible' });
  return panel;
}

/** Below 992 px closes the filter sheet with its 'Show N cars' button; nothing to do from 992 px. */
export async function closeFilters(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? Number.POSITIVE_INFINITY) >= FILTERS_ALWAYS_SHOWN_FROM_PX) return;
  await page.getByRole('button', { name: /^Show [\d,]+\+? cars?$/ }).click();
  await expect(page.getByRole('button', { name: 'Show Filters' })).toHaveAttribute('aria-expanded', 'false');
}

/** The listing's result count line: "Showing 1-12 of 30 cars" or "1 car found". */
export function resultCount(page: Page): Locator {
  return page.getByText(/^(Showing \d+-\d+ of \d+ cars?|\d+ cars? found)$/);
}

/** The total a result count line states. */
export async function statedTotal(page: Page): Promise<number> {
  const text = await resultCount(page).innerText();
  const match = /of (\d+) cars?$|^(\d+) cars? found$/.exec(text);
  if (!match) throw new Error(`Unexpected result count text: ${text}`);
  return Number(match[1] ?? match[2]);
}

/** `text` as the server's HTML writes it (to find a car's name in a server-rendered page). */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
