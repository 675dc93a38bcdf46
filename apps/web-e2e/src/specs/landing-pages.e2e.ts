// Issue 30: the landing pages (/cars with fixed filters at addresses of their own). The expected
// cars come from the catalogue the API lists, not from hard-coded facts.
import type { APIRequestContext, Page } from '@playwright/test';
import { violationsOf } from '../support/axe';
import { closeFilters, showFilters, statedTotal } from '../support/catalogue';
import { carCards, expect, test } from '../support/fixtures';

const PAGE_SIZE = 12;

interface ListedCar {
  name: string;
  price: number;
  bodyType: string;
  fuelType: string;
  status: string;
}

/** The unsold cars of `GET /api/car/getAll-car`, with the fields the landing pages fix. */
async function listedCars(request: APIRequestContext): Promise<ListedCar[]> {
  const response = await request.get('/api/car/getAll-car');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { cars: Record<string, unknown>[] };
  return body.cars
    .map((car) => ({
      name: String(car['name']),
      price: Number(car['price']),
      bodyType: String(car['bodyType']),
      fuelType: String(car['fuelType']),
      status: String(car['status']),
    }))
    .filter((car) => car.status !== 'Sold');
}

/** A tRPC query over HTTP, as the web app makes it. */
async function trpcQuery<T>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(response.ok(), `${procedure} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** The names on the cards of the listing. */
const cardNames = (page: Page) => carCards(page.getByRole('main')).getByRole('heading', { level: 3 }).allInnerTexts();

/** The page's JSON-LD blocks. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const value = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(value) ? value : [value];
  });
}

test.describe('landing pages', () => {
  test('a model’s page lists its cars, with its own title, canonical and ItemList, and is in the sitemap', async ({ page, request, pageProblems }) => {
    const models = await trpcQuery<{ model: string; slug: string; count: number }[]>(request, 'car.models', { brand: 'toyota' });
    // The seed's Corolla Axio: two of them, a model of more than one word.
    const axio = models.find((m) => m.slug === 'corolla-axio');
    if (!axio) throw new Error(`The seed has Toyota Corolla Axios; car.models says ${JSON.stringify(models)}`);
    const cars = await trpcQuery<{ items: { name: string }[]; total: number }>(request, 'car.list', {
      brands: ['toyota'],
      model: 'corolla-axio',
      pageSize: 48,
    });
    expect(cars.total).toBe(axio.count);
    const path = '/cars/toyota/corolla-axio';
    const heading = 'Toyota Corolla Axio for Sale in Kenya';

    // The server's HTML already holds the page: heading, introduction, cards and structured data.
    const html = await (await request.get(path)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`${heading}</h1>`);
    expect(root).toContain(`We have ${axio.count} Toyota Corolla Axio cars in stock`);
    for (const car of cars.items) expect(root).toContain(`>${car.name}</a></h3>`);
    expect(root).toContain('"@type":"ItemList"');

    // React takes the server's page over in place (a failed hydration would replace its nodes).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __firstMain: Element | null }).__firstMain = document.querySelector('#root main');
      });
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __firstMain: Element | null }).__firstMain === document.querySelector('#root main'))).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${heading}`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      new RegExp(`^We have ${axio.count} Toyota Corolla Axio cars in stock in Mombasa, priced from KES`),
    );
    await expect(
      page.getByText(
        new RegExp(
          `^We have ${axio.count} Toyota Corolla Axio cars in stock in Mombasa, priced from KES [\\d,]+ to KES [\\d,]+, with [\\d,]+ km on the clock on average\\.$`,
        ),
      ),
    ).toBeVisible();
    expect((await cardNames(page)).sort()).toEqual(cars.items.map((car) => car.name).sort());
    const list = (await jsonLd(page)).find((block) => block['@type'] === 'ItemList');
    expect(list?.['name']).toBe(heading);
    const items = (list?.['itemListElement'] as { item: { name: string } }[]).map((element) => element.item.name);
    expect(items.sort()).toEqual(cars.items.map((car) => car.name).sort());
    // The brand's other models and its page are a tap away.
    const more = page.getByRole('navigation', { name: 'More cars' });
    const other = models.find((m) => m.slug !== 'corolla-axio');
    if (other) await expect(more.getByRole('link', { name: `Toyota ${other.model}`, exact: true })).toHaveAttribute('href', `/cars/toyota/${other.slug}`);
    await expect(more.getByRole('link', { name: 'All Toyota vehicles' })).toHaveAttribute('href', '/brand/toyota');

    const index = await (await request.get('/sitemap.xml')).text();
    const file = /<loc>[^<]*(\/sitemap-landings-\d+\.xml)<\/loc>/.exec(index)?.[1];
    expect(file, 'the sitemap index names the landing pages’ file').toBeTruthy();
    const sitemap = await (await request.get(file as string)).text();
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${path}</loc><lastmod>`));
    for (const fixed of ['/cars/body/suv', '/cars/under/1.5-million', '/cars/foreign-used']) expect(sitemap).toContain(`${fixed}</loc>`);
    expect(pageProblems).toEqual([]);
  });

  test('a budget page lists only the cars up to its price, and the buyer can still refine it', async ({ page, request, pageProblems }) => {
    const expected = (await listedCars(request)).filter((car) => car.price <= 1_000_000);
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/cars/under/1-million');
    await expect(page.getByRole('heading', { level: 1, name: 'Cars Under KES 1 Million in Kenya' })).toBeVisible();
    await expect.poll(() => statedTotal(page)).toBe(expected.length);
    await expect(page.getByText(new RegExp(`^We have ${expected.length} cars under KES 1 million in stock`))).toBeVisible();
    const names = await cardNames(page);
    expect(names).toHaveLength(Math.min(PAGE_SIZE, expected.length));
    for (const name of names) expect(expected.map((car) => car.name)).toContain(name);

    // Refined by fuel: the address keeps the page and adds the filter.
    const fuel = expected[0].fuelType;
    const panel = await showFilters(page);
    await panel.getByRole('combobox', { name: 'Fuel' }).selectOption(fuel);
    await closeFilters(page);
    await expect(page).toHaveURL(new RegExp(`/cars/under/1-million\\?fuel=${fuel}$`));
    await expect.poll(() => statedTotal(page)).toBe(expected.filter((car) => car.fuelType === fuel).length);
    expect(pageProblems).toEqual([]);
  });

  test('a body type’s page lists only that body type; another body type is its own page', async ({ page, request, pageProblems }) => {
    const catalogue = await listedCars(request);
    const suvs = catalogue.filter((car) => car.bodyType === 'SUV');
    expect(suvs.length).toBeGreaterThan(0);
    await page.goto('/cars/body/suv');
    await expect(page.getByRole('heading', { level: 1, name: 'SUVs for Sale in Kenya' })).toBeVisible();
    await expect.poll(() => statedTotal(page)).toBe(suvs.length);
    const names = await cardNames(page);
    expect(names).toHaveLength(Math.min(PAGE_SIZE, suvs.length));
    for (const name of names) expect(suvs.map((car) => car.name)).toContain(name);

    await page.getByRole('navigation', { name: 'More cars' }).getByRole('link', { name: 'Sedans', exact: true }).click();
    await expect(page).toHaveURL(/\/cars\/body\/sedan$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sedans for Sale in Kenya' })).toBeVisible();
    await expect.poll(() => statedTotal(page)).toBe(catalogue.filter((car) => car.bodyType === 'Sedan').length);
    expect(pageProblems).toEqual([]);
  });

  test('an unknown combination answers 404 with the server-rendered not-found page', async ({ request }) => {
    for (const path of [
      '/cars/body/tank',
      '/cars/under/4-million',
      '/cars/used',
      '/cars/toyota/no-such-model',
      '/cars/no-such-brand/note',
      '/cars/toyota/corolla-axio/x',
    ]) {
      const response = await request.get(path);
      expect([path, response.status()]).toEqual([path, 404]);
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex"');
      if (path !== '/cars/toyota/corolla-axio/x') expect(html, path).toContain('>404 Page Not Found</h1>');
    }
    // A known page answers 200 with its heading in the server's HTML.
    const known = await request.get('/cars/locally-used');
    expect(known.status()).toBe(200);
    expect(await known.text()).toContain('>Locally Used Cars for Sale in Kenya</h1>');
  });

  test('the landing pages have no WCAG 2.1 A or AA violations that axe finds', async ({ page, pageProblems }) => {
    expect(await violationsOf(page, ['/cars/toyota/corolla-axio', '/cars/under/1-million', '/cars/body/tank'])).toEqual([]);
    expect(pageProblems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
  });
});
