import { escapeRegExp } from '../support/api';
import { atWidths, carCards, DESKTOP, expect, latestCars, openSiteNavigation, PHONE, test } from '../support/fixtures';

/** The header's Wishlist link; its badge is part of the accessible name ("Wishlist 1 saved cars"). */
const wishlistName = (count: number) => new RegExp(`^Wishlist\\s*${count}\\s*saved cars$`);

atWidths({ desktop: DESKTOP, phone: PHONE }, () => {
  test.describe('wishlist', () => {
    test('Add To Likes shows a toast, counts the car in the header and keeps it across a reload', async ({ page, apiCars, pageProblems }) => {
      await page.goto('/');
      const first = carCards(latestCars(page)).first();
      await expect(first.getByRole('heading', { level: 3 })).toHaveText(apiCars[0].name);

      let nav = await openSiteNavigation(page);
      await expect(nav.getByRole('link', { name: wishlistName(0) })).toBeVisible();
      // Close the drawer (if any) so the card is reachable.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();

      await first.getByRole('button', { name: 'Add To Likes' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Added to Favourites Successfully' })).toBeVisible();

      nav = await openSiteNavigation(page);
      await expect(nav.getByRole('link', { name: wishlistName(1) })).toBeVisible();

      // Spec: the list is kept in localStorage under "cart".
      const stored = await page.evaluate(() => window.localStorage.getItem('cart'));
      expect(stored).toMatch(new RegExp(`"slug":"${escapeRegExp(apiCars[0].slug)}"`));

      await page.reload();
      nav = await openSiteNavigation(page);
      await expect(nav.getByRole('link', { name: wishlistName(1) })).toBeVisible();

      expect(pageProblems).toEqual([]);
    });
  });
});
