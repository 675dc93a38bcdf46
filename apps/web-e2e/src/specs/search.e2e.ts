import { fetchCatalogue, statedTotal } from '../support/catalogue';
import { carCards, expect, test } from '../support/fixtures';

test.describe('search', () => {
  test('the home search opens /car-search with the trimmed query and its results', async ({ page, request, pageProblems }) => {
    const expected = await fetchCatalogue(request, 'land cruiser');
    expect(expected.length).toBeGreaterThan(0);

    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search cars' });
    // Blank text does nothing.
    await search.getByRole('searchbox', { name: 'Search cars' }).fill('   ');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/$/);

    await search.getByRole('searchbox', { name: 'Search cars' }).fill('  land cruiser ');
    await search.getByRole('searchbox', { name: 'Search cars' }).press('Enter');
    await expect(page).toHaveURL(/\/car-search\?search=land%20cruiser$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for: land cruiser' })).toBeVisible();
    await expect.poll(() => statedTotal(page)).toBe(expected.length);
    await expect(carCards(page.getByRole('main')).getByRole('heading', { level: 3 })).toHaveText(expected.map((car) => car.name));
    expect(pageProblems).toEqual([]);
  });

  test('a search without results shows the not-found image and the cars link to /login', async ({ page, pageProblems }) => {
    await page.goto('/car-search?search=zzz-no-such-car');
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for: zzz-no-such-car' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'No cars found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'cars', exact: true })).toHaveAttribute('href', '/login');
    expect(pageProblems).toEqual([]);
  });
});
