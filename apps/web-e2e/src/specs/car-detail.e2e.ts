import { escapeRegExp } from '../support/api';
import { amount, fetchCatalogue } from '../support/catalogue';
import { atWidths, DESKTOP, expect, PHONE, test } from '../support/fixtures';
import { E2E_SERVER_ENV } from '../support/server-process';

const RELATED_LIMIT = 8;

test.describe('car detail', () => {
  atWidths({ desktop: DESKTOP, phone: PHONE }, () => {
    test('shows the breadcrumb, price, specs, similar cars and the WhatsApp link', async ({ page, request, pageProblems }) => {
      const catalogue = await fetchCatalogue(request);
      // A car with some optional specs missing, so both kinds of rows are checked.
      const car = catalogue.find((c) => c.brand && (c.torque === null || c.safetyRating === null || c.accelerationSeconds === null)) ?? catalogue[0];
      const brand = car.brand;
      if (!brand) throw new Error('The seeded cars have brands');

      await page.goto(`/car/${car.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: car.name })).toBeVisible();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Cars', brand.name]);
      await expect(crumbs.getByRole('link', { name: brand.name })).toHaveAttribute('href', `/brand/${brand.slug}`);
      await expect(crumbs.getByText(car.name)).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText(`KES ${amount(car.price)}`, { exact: true })).toBeVisible();
      await expect(page.getByLabel(`Model year ${car.year}`)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Vehicle Overview' })).toBeVisible();
      await expect(page.getByText(/^Last updated/)).toBeVisible();

      const hero = page.getByRole('img', { name: new RegExp(`^${escapeRegExp(car.name)}, photo 1 of`) });
      await expect(hero).toHaveAttribute('fetchpriority', 'high');
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

      const specs = page.getByRole('region', { name: 'Technical Specifications' });
      for (const label of ['Fuel Type', 'Mileage', 'Drive Type', 'Engine Size', 'Transmission', 'Year']) {
        await expect(specs.getByText(label, { exact: true })).toBeVisible();
      }
      const optional: [string, number | null][] = [
        ['Seats', car.seats],
        ['Torque', car.torque],
        ['Horse Power', car.horsepower],
        ['Safety Rating', car.safetyRating],
        ['0-100 km/h', car.accelerationSeconds],
        ['Ground Clearance', car.groundClearanceMm],
        ['Fuel Capacity', car.fuelTankLitres],
      ];
      for (const [label, value] of optional) {
        await expect(specs.getByText(label, { exact: true })).toHaveCount(value === null ? 0 : 1);
      }

      const digits = E2E_SERVER_ENV.DEALER_PHONE.replace(/\D/g, '');
      const whatsapp = page.getByRole('link', { name: 'WhatsApp Us' });
      const href = new URL((await whatsapp.getAttribute('href')) ?? '');
      expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${digits}`);
      expect(href.searchParams.get('text')).toMatch(new RegExp(`^I'm interested in the ${car.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(KES ${amount(car.price)}\\), stock number ST-\\d{5}: https?://[^/]+/car/${car.slug}$`));
      await expect(page.getByRole('link', { name: 'View Favourites' })).toHaveAttribute('href', '/cart');

      const sameBrand = catalogue.filter((c) => c.brand?.slug === brand.slug && c.slug !== car.slug);
      const similar = page.getByRole('region', { name: `Similar ${brand.name} Vehicles` });
      await expect(similar.getByRole('article')).toHaveCount(Math.min(RELATED_LIMIT, sameBrand.length));
      await expect(similar.getByRole('link', { name: /^View Details of / }).first()).toBeVisible();

      await page.getByRole('button', { name: 'Save to Favourites' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Added To Cart Successfully' })).toBeVisible();
      expect(pageProblems).toEqual([]);
    });
  });

  test('an unknown car shows a not-found state', async ({ page }) => {
    const response = await page.goto('/car/no-such-car-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Car Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Our Inventory' }).last()).toHaveAttribute('href', '/cars');
  });
});
