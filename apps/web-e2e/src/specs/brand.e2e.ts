import { closeFilters, escapeHtml, fetchCatalogue, showFilters, statedTotal } from '../support/catalogue';
import { atWidths, DESKTOP, expect, TABLET, test } from '../support/fixtures';

/** Cards per page of a listing (LISTING_PAGE_SIZE). */
const PAGE_SIZE = 12;

test.describe('brand pages', () => {
  test('/brands links every brand; a brand page counts and lists its cars', async ({ page, request, apiBrands, pageProblems }) => {
    const catalogue = await fetchCatalogue(request);
    const toyota = apiBrands.find((brand) => brand.slug === 'toyota') ?? apiBrands[0];
    const cars = catalogue.filter((car) => car.brand?.slug === toyota.slug && car.status !== 'Sold');

    await page.goto('/brands');
    await expect(page.getByRole('heading', { level: 1, name: 'Premium Car Brands Available in Kenya' })).toBeVisible();
    await page.getByRole('main').locator(`a[href="/brand/${toyota.slug}"]`).click();

    await expect(page).toHaveURL(new RegExp(`/brand/${toyota.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${toyota.name} Vehicles in Kenya` })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Brands']);
    await expect(crumbs.getByText(toyota.name, { exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('img', { name: `${toyota.name} logo` })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Available ${toyota.name} Inventory (${cars.length} Vehicles)` })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(Math.min(PAGE_SIZE, cars.length));
    await expect(cards.first().getByText('Negotiable')).toBeVisible();
    await expect(cards.first().getByRole('link', { name: /^Details of / })).toHaveAttribute('href', `/car/${cars[0].slug}`);

    await cards
      .first()
      .getByRole('button', { name: /^Save / })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: 'Added to favorites successfully' })).toBeVisible();
    expect(pageProblems).toEqual([]);
  });

  // Issue 30: the filters and sort of /cars on a brand page, in its address and in the server's HTML.
  atWidths({ desktop: DESKTOP, tablet: TABLET }, () => {
    test('a buyer narrows a brand page by body type, sorts it by price, and the shared address shows the same list', async ({
      page,
      request,
      browser,
      baseURL,
      pageProblems,
    }) => {
      const listed = (await fetchCatalogue(request)).filter((car) => car.status !== 'Sold' && car.brand);
      // The brand with the most listed cars, narrowed to the body type of its newest one.
      const byBrand = new Map<string, typeof listed>();
      for (const car of listed) byBrand.set(car.brand?.slug ?? '', [...(byBrand.get(car.brand?.slug ?? '') ?? []), car]);
      const [slug, ofBrand] = [...byBrand].sort((a, b) => b[1].length - a[1].length)[0];
      const { name } = ofBrand[0].brand ?? { name: '' };
      const bodyType = ofBrand[0].bodyType;
      const expected = ofBrand.filter((car) => car.bodyType === bodyType).sort((a, b) => b.price - a.price);

      await page.goto(`/brand/${slug}`);
      await expect(page.getByRole('heading', { name: `Available ${name} Inventory (${ofBrand.length} Vehicles)` })).toBeVisible();
      const panel = await showFilters(page);
      // The brand is shown as chosen: the buyer refines the rest.
      await expect(panel.getByRole('checkbox', { name, exact: true })).toBeChecked();
      await panel.getByRole('combobox', { name: 'Body type' }).selectOption(bodyType);
      await closeFilters(page);
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_desc');

      await expect(page).toHaveURL(new RegExp(`/brand/${slug}\\?`));
      const shared = new URL(page.url());
      expect(Object.fromEntries(shared.searchParams)).toEqual({ type: bodyType, sort: 'price_desc' });
      await expect.poll(() => statedTotal(page)).toBe(expected.length);
      await expect(page.getByRole('heading', { name: `Available ${name} Inventory (${expected.length} Vehicles)` })).toBeVisible();
      const firstPage = expected.slice(0, PAGE_SIZE);
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards).toHaveCount(firstPage.length);
      // The brand page's own cards (spec §2), dearest first.
      await expect(cards.first().getByText('Negotiable')).toBeVisible();
      // The filtered list stays on screen (aria-busy) until the sorted one arrives, with the same
      // count and total: the order is what tells them apart.
      const prices = async () => (await cards.getByText(/^KES\s/).allInnerTexts()).map((text) => Number(text.replace(/\D/g, '')));
      await expect.poll(prices).toEqual(firstPage.map((car) => car.price));

      // A new visitor opening the shared address: the server's HTML already lists those cars, dearest first.
      const visitor = await browser.newContext({ baseURL });
      const response = await visitor.request.get(shared.pathname + shared.search);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      const positions = firstPage.map((car) => root.indexOf(`>${escapeHtml(car.name)}</a></h3>`));
      expect(
        positions.every((at) => at >= 0),
        `server-rendered ${firstPage.map((car) => car.name).join(', ')}`,
      ).toBe(true);
      expect(firstPage.every((car, i) => i === 0 || car.price === firstPage[i - 1].price || positions[i] > positions[i - 1])).toBe(true);
      await visitor.close();

      // Unticking the brand leads to all cars, the buyer's other filters kept.
      await showFilters(page);
      // A click, not uncheck(): the tick leaves the page, so the box it clicked is gone, not unticked.
      await panel.getByRole('checkbox', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/cars\\?type=${encodeURIComponent(bodyType)}&sort=price_desc$`));
      expect(pageProblems).toEqual([]);
    });
  });

  test('a brand without cars says so and leads to all vehicles', async ({ page, request, apiBrands, pageProblems }) => {
    const catalogue = await fetchCatalogue(request);
    const empty = apiBrands.find((brand) => !catalogue.some((car) => car.brand?.slug === brand.slug));
    if (!empty) throw new Error('The seed has a brand without cars (Peugeot)');

    await page.goto(`/brand/${empty.slug}`);
    await expect(page.getByRole('heading', { name: `Available ${empty.name} Inventory (0 Vehicles)` })).toBeVisible();
    await expect(page.getByText(`Currently no ${empty.name} vehicles in stock`)).toBeVisible();
    await page.getByRole('link', { name: 'Browse All Vehicles' }).click();
    await expect(page).toHaveURL(/\/cars$/);
    expect(pageProblems).toEqual([]);
  });

  test('an unknown brand shows a not-found state', async ({ page }) => {
    const response = await page.goto('/brand/no-such-brand');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Brand Not Found' })).toBeVisible();
  });
});
