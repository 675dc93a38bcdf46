// Issue 30: a buyer narrows /cars with the filter panel and the sort control, shares the address,
// and whoever opens it gets the same list, already in the server's HTML. The expected list comes
// from the catalogue the legacy REST API lists, not from hard-coded facts.
import { closeFilters, escapeHtml, PRICE_RANGE_BOUNDS, showFilters, statedTotal } from '../support/catalogue';
import { atWidths, carCards, DESKTOP, expect, PHONE, test } from '../support/fixtures';

const PAGE_SIZE = 12;

interface ListedCar {
  name: string;
  price: number;
  bodyType: string;
  fuelType: string;
  year: number;
  status: string;
}

/** The unsold cars of `GET /api/car/getAll-car`, with the fields the filters read (legacy names: `yom`). */
async function listedCars(request: import('@playwright/test').APIRequestContext): Promise<ListedCar[]> {
  const response = await request.get('/api/car/getAll-car');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { cars: Record<string, unknown>[] };
  return body.cars
    .map((car) => ({
      name: String(car['name']),
      price: Number(car['price']),
      bodyType: String(car['bodyType']),
      fuelType: String(car['fuelType']),
      year: Number(car['yom']),
      status: String(car['status']),
    }))
    .filter((car) => car.status !== 'Sold');
}

atWidths({ desktop: DESKTOP, phone: PHONE }, () => {
  test.describe('/cars filters and sort', () => {
    test('a buyer narrows by body type, fuel, year and price, sorts by price, and the shared address shows the same list', async ({
      page,
      request,
      browser,
      baseURL,
      pageProblems,
    }) => {
      const catalogue = await listedCars(request);
      // The filters of a car that is in stock, so the narrowed list is never empty.
      const target = catalogue.find((car) => car.bodyType === 'SUV') ?? catalogue[0];
      const range = Object.entries(PRICE_RANGE_BOUNDS).find(([, [min, max]]) => target.price >= min && target.price <= max);
      if (!range) throw new Error(`No offered price range holds ${target.name} at ${target.price}`);
      const [priceLabel, [low, high]] = range;
      const yearFrom = target.year - 2;
      const expected = catalogue
        .filter((car) => car.bodyType === target.bodyType && car.fuelType === target.fuelType && car.year >= yearFrom)
        .filter((car) => car.price >= low && car.price <= high)
        .sort((a, b) => a.price - b.price);
      expect(expected.length).toBeGreaterThan(0);

      await page.goto('/cars');
      const panel = await showFilters(page);
      await panel.getByRole('combobox', { name: 'Body type' }).selectOption(target.bodyType);
      await panel.getByRole('combobox', { name: 'Fuel' }).selectOption(target.fuelType);
      await panel.getByRole('combobox', { name: 'Year from' }).selectOption(String(yearFrom));
      await panel.getByRole('radio', { name: priceLabel }).check();
      await closeFilters(page);
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');

      await expect(page).toHaveURL(/\/cars\?/);
      const shared = new URL(page.url());
      expect(Object.fromEntries(shared.searchParams)).toEqual({
        type: target.bodyType,
        fuel: target.fuelType,
        yearFrom: String(yearFrom),
        price: priceLabel,
        sort: 'price_asc',
      });
      await expect.poll(() => statedTotal(page)).toBe(expected.length);
      const firstPage = expected.slice(0, PAGE_SIZE);
      const cards = carCards(page.getByRole('main'));
      await expect(cards).toHaveCount(firstPage.length);
      // The filtered list stays on screen (aria-busy) until the sorted one arrives, with the same
      // count and total: the order is what tells them apart.
      const prices = async () => (await cards.getByText(/^sh\.\s/).allInnerTexts()).map((text) => Number(text.replace(/\D/g, '')));
      await expect.poll(prices).toEqual(firstPage.map((car) => car.price));

      // A new visitor opening the shared address: the server's HTML already lists those cars, cheapest first.
      const visitor = await browser.newContext({ baseURL });
      const html = await (await visitor.request.get(shared.pathname + shared.search)).text();
      const root = html.slice(html.indexOf('<div id="root">'));
      const positions = firstPage.map((car) => root.indexOf(`>${escapeHtml(car.name)}</a></h3>`));
      expect(
        positions.every((at) => at >= 0),
        `server-rendered ${firstPage.map((car) => car.name).join(', ')}`,
      ).toBe(true);
      const cheaperFirst = firstPage.every((car, i) => i === 0 || car.price === firstPage[i - 1].price || positions[i] > positions[i - 1]);
      expect(cheaperFirst).toBe(true);

      // ...and the page, once its code runs, keeps the same list and the panel shows the filters.
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(shared.pathname + shared.search);
      await expect.poll(() => statedTotal(visitorPage)).toBe(expected.length);
      await expect(visitorPage.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
      const visitorPrices = await carCards(visitorPage.getByRole('main'))
        .getByText(/^sh\.\s/)
        .allInnerTexts();
      expect(visitorPrices.map((text) => Number(text.replace(/\D/g, '')))).toEqual(firstPage.map((car) => car.price));
      await visitor.close();

      // One tap clears the filters and keeps the order.
      await showFilters(page);
      await page.getByRole('button', { name: 'RESET FILTERS' }).click();
      await expect(page).toHaveURL(/\/cars\?sort=price_asc$/);
      await expect.poll(() => statedTotal(page)).toBe(catalogue.length);
      expect(pageProblems).toEqual([]);
    });
  });
});
