import { amount, fetchCatalogue, inPriceRange, resultCount, showFilters, statedTotal } from '../support/catalogue';
import { atWidths, carCards, DESKTOP, expect, TABLET, test } from '../support/fixtures';

const PAGE_SIZE = 12;

test.describe('/cars listing', () => {
  test('lists the catalogue a page at a time under the spec heading', async ({ page, request, pageProblems }) => {
    const catalogue = await fetchCatalogue(request);
    await page.goto('/cars');
    await expect(page.getByRole('heading', { level: 1, name: 'Premium Cars for Sale in Mombasa, Kenya' })).toBeVisible();
    await expect(page.getByText(/100% delivery record/)).toBeVisible();
    await expect(resultCount(page)).toHaveText(`Showing 1-${PAGE_SIZE} of ${catalogue.length} cars`);
    const cards = carCards(page.getByRole('main'));
    await expect(cards).toHaveCount(PAGE_SIZE);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(catalogue.slice(0, PAGE_SIZE).map((car) => car.name));

    // Structured data lists the page's cars as offers in KES.
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(ld['@type']).toBe('ItemList');
    expect(ld.itemListElement[0].item.offers).toMatchObject({ priceCurrency: 'KES', price: catalogue[0].price });

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/cars\?page=2$/);
    await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText(catalogue[PAGE_SIZE].name);
    expect(pageProblems).toEqual([]);
  });

  atWidths({ desktop: DESKTOP, tablet: TABLET }, () => {
    test('a brand and a price range narrow the list; the URL keeps them; RESET FILTERS clears them', async ({ page, request, pageProblems }) => {
      const catalogue = await fetchCatalogue(request);
      await page.goto('/cars');
      const panel = await showFilters(page);
      await expect(panel.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search by make, model or type...');

      await panel.getByRole('checkbox', { name: 'Toyota', exact: true }).check();
      await panel.getByRole('checkbox', { name: 'Mazda', exact: true }).check();
      await panel.getByRole('radio', { name: '1M-2M' }).check();
      await expect(page).toHaveURL(/\/cars\?brands=toyota%2Cmazda&price=1M-2M$/);

      const expected = catalogue.filter((car) => ['toyota', 'mazda'].includes(car.brand?.slug ?? '') && inPriceRange(car, '1M-2M'));
      expect(expected.length).toBeGreaterThan(0);
      await expect.poll(() => statedTotal(page)).toBe(expected.length);
      const cards = carCards(page.getByRole('main'));
      await expect(cards).toHaveCount(Math.min(PAGE_SIZE, expected.length));
      for (const card of await cards.all()) {
        const price = Number((await card.getByText(/^sh\.\s/).innerText()).replace(/\D/g, ''));
        expect(price).toBeGreaterThanOrEqual(1_000_000);
        expect(price).toBeLessThanOrEqual(2_000_000);
      }

      // A shared link shows the same list.
      await page.reload();
      await expect.poll(() => statedTotal(page)).toBe(expected.length);
      const reloaded = await showFilters(page);
      await expect(reloaded.getByRole('checkbox', { name: 'Toyota', exact: true })).toBeChecked();
      await expect(reloaded.getByRole('radio', { name: '1M-2M' })).toBeChecked();

      // One price range at most.
      await reloaded.getByRole('radio', { name: '2M-3M' }).check();
      await expect(reloaded.getByRole('radio', { name: '1M-2M' })).not.toBeChecked();

      await reloaded.getByRole('searchbox', { name: 'Search' }).fill('axio');
      await expect(page).toHaveURL(/search=axio/);
      await reloaded.getByRole('button', { name: 'RESET FILTERS' }).click();
      await expect(page).toHaveURL(/\/cars$/);
      await expect(reloaded.getByRole('checkbox', { name: 'Toyota', exact: true })).not.toBeChecked();
      await expect(reloaded.getByRole('radio', { name: '2M-3M' })).not.toBeChecked();
      await expect(reloaded.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
      await expect.poll(() => statedTotal(page)).toBe(catalogue.length);
      expect(pageProblems).toEqual([]);
    });
  });

  test('make=Toyota preselects Toyota and type=SUV lists the SUVs', async ({ page, request, pageProblems }) => {
    const catalogue = await fetchCatalogue(request);
    await page.goto('/cars?make=Toyota');
    const panel = await showFilters(page);
    await expect(panel.getByRole('checkbox', { name: 'Toyota', exact: true })).toBeChecked();
    await expect.poll(() => statedTotal(page)).toBe(catalogue.filter((car) => car.brand?.name === 'Toyota').length);

    await page.goto('/cars?type=SUV');
    await expect.poll(() => statedTotal(page)).toBe(catalogue.filter((car) => car.bodyType === 'SUV').length);
    expect(pageProblems).toEqual([]);
  });

  test('the cheapest range shows the card prices in sh.', async ({ page, request }) => {
    const catalogue = await fetchCatalogue(request);
    const cheap = catalogue.filter((car) => inPriceRange(car, '250K-500K'));
    await page.goto('/cars?price=250K-500K');
    await expect.poll(() => statedTotal(page)).toBe(cheap.length);
    await expect(page.getByText(`sh. ${amount(cheap[0].price)}`).first()).toBeVisible();
  });
});
