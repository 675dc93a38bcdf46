import { fetchCatalogue } from '../support/catalogue';
import { expect, test } from '../support/fixtures';

test.describe('brand pages', () => {
  test('/brands links every brand; a brand page counts and lists its cars', async ({ page, request, apiBrands, pageProblems }) => {
    const catalogue = await fetchCatalogue(request);
    const toyota = apiBrands.find((brand) => brand.slug === 'toyota') ?? apiBrands[0];
    const cars = catalogue.filter((car) => car.brand?.slug === toyota.slug);

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
    await expect(cards).toHaveCount(Math.min(48, cars.length));
    await expect(cards.first().getByText('Negotiable')).toBeVisible();
    await expect(cards.first().getByRole('link', { name: /^Details of / })).toHaveAttribute('href', `/car/${cars[0].slug}`);

    await cards
      .first()
      .getByRole('button', { name: /^Save / })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: 'Added to favorites successfully' })).toBeVisible();
    expect(pageProblems).toEqual([]);
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
