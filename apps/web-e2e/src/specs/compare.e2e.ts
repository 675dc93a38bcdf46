import { amount } from '../support/catalogue';
import { carCards, expect, latestCars, test } from '../support/fixtures';

/*
 * Compare (issue 14): a buyer saves three cars, compares them from the favourites, shares the
 * link, and a friend opening it sees the same comparison; picking from the cards works too.
 */
test.describe('compare', () => {
  test('three cars from the favourites side by side, shared by URL', async ({ page, browser, apiCars, pageProblems }) => {
    const picked = apiCars.slice(0, 3);
    await page.goto('/');
    const cards = carCards(latestCars(page));
    for (let i = 0; i < 3; i++) await cards.nth(i).getByRole('button', { name: 'Add To Likes' }).click();

    await page.goto('/cart');
    await page.getByRole('link', { name: 'Compare these 3 cars side by side' }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?cars=${picked.map((car) => car.slug).join(',')}$`));
    const table = page.getByRole('table', { name: `Comparison of ${picked.map((car) => car.name).join(', ')}` });
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    const cheapest = picked.reduce((best, car) => (car.price < best.price ? car : best));
    const prices = table.getByRole('row', { name: /^Price/ }).getByRole('cell');
    await expect(prices.nth(picked.indexOf(cheapest))).toHaveText(`KES ${amount(cheapest.price)}Best`);
    await expect(page).toHaveTitle(new RegExp(`^Compare ${picked[0].name}`));

    // The link is the comparison: a friend opening it (no favourites of theirs) sees the same.
    const shared = page.url();
    const friend = await browser.newPage();
    await friend.goto(shared);
    await expect(friend.getByRole('table', { name: `Comparison of ${picked.map((car) => car.name).join(', ')}` })).toBeVisible();
    await friend.close();

    // Removing a car takes it out of the link.
    await table.getByRole('button', { name: `Remove ${picked[1].name} from the comparison` }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?cars=${picked[0].slug},${picked[2].slug}$`));
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2);
    expect(pageProblems).toEqual([]);
  });

  test('picked from the cards, the compare bar leads to the comparison', async ({ page, apiCars, pageProblems }) => {
    const [first, second] = apiCars;
    await page.goto('/cars');
    await page.getByRole('button', { name: `Compare ${first.name}` }).click();
    const bar = page.getByRole('region', { name: 'Cars to compare' });
    await expect(bar).toContainText('Compare (1)');
    await expect(bar).toContainText('(pick one more)');
    await page.getByRole('button', { name: `Compare ${second.name}` }).click();
    await expect(page.getByRole('button', { name: `Compare ${second.name}` })).toHaveAttribute('aria-pressed', 'true');
    await bar.getByRole('link', { name: 'Compare' }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?cars=${first.slug},${second.slug}$`));
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Cars to compare' })).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });
});
