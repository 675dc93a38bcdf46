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

    await items.nth(0).getByRole('button', { name: `Remove ${first.name}` }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Item Removed Successfully' })).toBeVisible();
    await expect(page.getByText('You Have 1 items in your Favourites.')).toBeVisible();
    await expect(callBox.getByText(`KES ${amount(second.price)}`)).toBeVisible();

    await items.nth(0).getByRole('button', { name: `Remove ${second.name}` }).click();
    await expect(page.getByText('Your Favourites Is Empty')).toBeVisible();
    await expect(callBox.getByText('KES 0')).toBeVisible();
    expect(pageProblems).toEqual([]);
  });
});
