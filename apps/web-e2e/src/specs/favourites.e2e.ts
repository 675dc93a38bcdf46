import { amount } from '../support/catalogue';
import { carCards, expect, latestCars, test } from '../support/fixtures';
import { E2E_SERVER_ENV } from '../support/server-process';

test.describe('favourites (/cart)', () => {
  test('saved cars are listed with the KES total and can be removed', async ({ page, apiCars, pageProblems }) => {
    const [first, second] = apiCars;
    await page.goto('/');
    const cards = carCards(latestCars(page));
    await cards.nth(0).getByRole('button', { name: 'Add To Likes' }).click();
    await cards.nth(1).getByRole('button', { name: 'Add To Likes' }).click();

    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello Guest' })).toBeVisible();
    await expect(page.getByText('You Have 2 items in your Favourites.')).toBeVisible();
    const items = page.getByRole('list', { name: 'Saved cars' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByRole('link', { name: first.name })).toHaveAttribute('href', `/car/${first.slug}`);
    await expect(items.nth(1).getByText(`KES ${amount(second.price)}`)).toBeVisible();

    const callBox = page.getByRole('complementary', { name: 'Give us a Call Today' });
    await expect(callBox.getByRole('link', { name: E2E_SERVER_ENV.DEALER_PHONE })).toHaveAttribute(
      'href',
      `tel:+${E2E_SERVER_ENV.DEALER_PHONE.replace(/\D/g, '')}`,
    );
    await expect(callBox.getByText(`KES ${amount(first.price + second.price)}`)).toBeVisible();

    await items
      .nth(0)
      .getByRole('button', { name: `Remove ${first.name}` })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: 'Item Removed Successfully' })).toBeVisible();
    await expect(page.getByText('You Have 1 items in your Favourites.')).toBeVisible();
    await expect(callBox.getByText(`KES ${amount(second.price)}`)).toBeVisible();

    await items
      .nth(0)
      .getByRole('button', { name: `Remove ${second.name}` })
      .click();
    await expect(page.getByText('Your Favourites Is Empty')).toBeVisible();
    await expect(callBox.getByText('KES 0')).toBeVisible();
    expect(pageProblems).toEqual([]);
  });

  test('favourites saved by the site before the contract rename still load', async ({ page, request, pageProblems }) => {
    // Builds before the rename stored cars in the legacy wire shape, which the REST API still
    // serves: `_id`, `documents` with `public_id`, `yom`, `seater`, a brand with `_id` and `image`.
    const response = await request.get('/api/car/getAll-car');
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { cars: Record<string, unknown>[] };
    const legacyCar = body.cars.find((car) => Array.isArray(car['documents']) && (car['documents'] as unknown[]).length > 0);
    if (!legacyCar) throw new Error('The seeded cars have pictures');
    expect(legacyCar).toHaveProperty('_id');
    expect(legacyCar).toHaveProperty('yom');
    const name = String(legacyCar['name']);
    const price = Number(legacyCar['price']);

    await page.addInitScript(
      (stored) => {
        // Only on the first load: the test then watches the page write the list back.
        if (window.sessionStorage.getItem('seeded') === null) {
          window.localStorage.setItem('cart', stored);
          window.sessionStorage.setItem('seeded', '1');
        }
      },
      JSON.stringify([legacyCar, { junk: true }]),
    );
    await page.goto('/cart');

    await expect(page.getByText('You Have 1 items in your Favourites.')).toBeVisible();
    const items = page.getByRole('list', { name: 'Saved cars' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.nth(0).getByRole('link', { name })).toHaveAttribute('href', `/car/${String(legacyCar['slug'])}`);
    await expect(items.nth(0).getByText(`KES ${amount(price)}`)).toBeVisible();
    await expect(items.nth(0).locator('img')).toHaveAttribute('src', /\/media\//);

    // The next change stores the list in the domain shape.
    await page.goto(`/car/${String(legacyCar['slug'])}`);
    await page.getByRole('button', { name: 'Save to Favourites' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Added To Cart Successfully' })).toBeVisible();
    const stored = JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? '[]') as Record<string, unknown>[];
    expect(stored).toHaveLength(2);
    for (const car of stored) {
      expect(car).toMatchObject({
        id: legacyCar['_id'],
        year: legacyCar['yom'],
        images: expect.arrayContaining([expect.objectContaining({ publicId: expect.any(String) })]),
      });
      expect(car).not.toHaveProperty('_id');
      expect(car).not.toHaveProperty('documents');
    }
    expect(pageProblems).toEqual([]);
  });
});
