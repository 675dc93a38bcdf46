import { escapeRegExp } from '../support/api';
import { atWidths, carCards, DESKTOP, expect, latestCars, openSiteNavigation, PHONE, test } from '../support/fixtures';

atWidths({ desktop: DESKTOP, phone: PHONE }, () => {
  test.describe('navigation', () => {
    test('a car card leads to its detail page, the header to the brands, and back works', async ({ page, apiCars, apiBrands, pageProblems }) => {
      await page.goto('/');
      const first = carCards(latestCars(page)).first();
      const car = apiCars[0];
      await expect(first.getByRole('heading', { level: 3 })).toHaveText(car.name);

      await first.getByRole('link', { name: `View ${car.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/car/${escapeRegExp(car.slug)}$`));
      // The detail page names the car (the placeholder names its slug); never the 404 page.
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${escapeRegExp(car.name)}|${escapeRegExp(car.slug)}`) })).toBeVisible();
      await expect(page.getByText('404 Page Not Found')).toHaveCount(0);

      const nav = await openSiteNavigation(page);
      await nav.getByRole('link', { name: 'Brands', exact: true }).click();
      await expect(page).toHaveURL(/\/brands$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Premium Car Brands Available in Kenya' })).toBeVisible();

      const brandLinks = page.getByRole('main').locator('a[href^="/brand/"]');
      expect(apiBrands.length).toBeGreaterThanOrEqual(10);
      await expect(brandLinks).toHaveCount(apiBrands.length);
      const hrefs = await brandLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs.sort()).toEqual(apiBrands.map((brand) => `/brand/${brand.slug}`).sort());

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/car/${escapeRegExp(car.slug)}$`));
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      await expect(latestCars(page).getByRole('heading', { name: 'Latest Cars' })).toBeVisible();

      expect(pageProblems).toEqual([]);
    });
  });
});
