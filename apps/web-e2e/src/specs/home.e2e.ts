import { carCards, expect, latestCars, test } from '../support/fixtures';

const HOME_SHOWCASE_SIZE = 8;

test.describe('home page', () => {
  test('shows the hero, the 8 newest cars of the catalogue and the footer, without errors', async ({ page, request, apiCars, pageProblems }) => {
    await page.goto('/');

    // The page's own title (set by the app once it renders), not just index.html's static one.
    await expect(page).toHaveTitle(/^Mombasa Car Dealership \| Quality New & Used Cars for Sale in Mombasa, Kenya$/);
    await expect(page.getByRole('link', { name: 'Browse Our Inventory' })).toHaveAttribute('href', '/cars');

    const latest = latestCars(page);
    await expect(latest.getByRole('heading', { name: 'Latest Cars' })).toBeVisible();
    const cards = carCards(latest);
    await expect(cards).toHaveCount(HOME_SHOWCASE_SIZE);

    // Same cars, same order as the REST API's newest-first list.
    const expected = apiCars.slice(0, HOME_SHOWCASE_SIZE);
    expect(expected).toHaveLength(HOME_SHOWCASE_SIZE);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(expected.map((car) => car.name));

    for (const [index, car] of expected.entries()) {
      const price = cards.nth(index).getByText(/^sh\.\s/);
      await expect(price).toBeVisible();
      // "sh. 7,600,000": the digits are the API's price.
      expect((await price.innerText()).replace(/\D/g, '')).toBe(String(car.price));
    }

    // Every image of the first card loads (car photo and brand logo, WebP rendered on demand).
    const images = cards.first().locator('img');
    await expect(images).not.toHaveCount(0);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const src = await image.getAttribute('src');
      expect(src).toMatch(/^\/media\/.+\.webp$/);
      const response = await request.get(src ?? '');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/webp');
    }

    // DEALER_PHONE reaches the browser through the config the server injects into index.html.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '+254 711 222 333' })).toHaveAttribute('href', /^tel:\+254711222333$/);
    await expect(footer.getByText('Mon-Sat 8:00 AM to 6:00 PM')).toBeVisible();

    expect(pageProblems).toEqual([]);
  });
});
