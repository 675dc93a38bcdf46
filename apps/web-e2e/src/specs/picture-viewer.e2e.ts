import type { Locator, Page } from '@playwright/test';
import { fetchCatalogue } from '../support/catalogue';
import { atWidths, DESKTOP, expect, PHONE, test } from '../support/fixtures';

/** The inline gallery's main picture: a button opening the full viewer. */
function opener(page: Page, position: number | RegExp, total: number | RegExp = /\d+/): Locator {
  const source = (part: number | RegExp) => (typeof part === 'number' ? String(part) : part.source);
  return page.getByRole('button', { name: new RegExp(`^View photo ${source(position)} of ${source(total)} full screen$`) });
}

/** How many pictures the car has, from the first picture's accessible name. */
async function pictureCount(page: Page): Promise<number> {
  const label = (await opener(page, 1).getAttribute('aria-label')) ?? '';
  return Number(/ of (\d+) /.exec(label)?.[1] ?? 0);
}

test.describe('picture viewer', () => {
  test('opens from the main picture with Enter, moves with the arrow keys and closes with Escape', async ({ page, request, pageProblems }) => {
    const [car] = await fetchCatalogue(request);
    await page.goto(`/car/${car.slug}`);
    await expect(opener(page, 1)).toBeVisible();
    const total = await pictureCount(page);
    expect(total).toBeGreaterThan(1);

    await opener(page, 1).focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: `Photos of ${car.name}` });
    await expect(viewer).toBeVisible();
    const index = viewer.getByText(/^\d+ \/ \d+$/);
    await expect(index).toHaveText(`1 / ${total}`);
    const picture = viewer.getByRole('img', { name: `${car.name}, photo 1 of ${total}` });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(viewer.getByRole('list', { name: 'Choose a photo' }).getByRole('button')).toHaveCount(total);

    await page.keyboard.press('ArrowRight');
    await expect(index).toHaveText(`2 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(index).toHaveText(`${total} / ${total}`);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // Back on the page, on the picture seen last.
    await expect(opener(page, total, total)).toBeFocused();
    expect(pageProblems).toEqual([]);
  });

  atWidths({ desktop: DESKTOP, phone: PHONE }, () => {
    test('opens with a tap or click and moves with its buttons and thumbnails', async ({ page, request, pageProblems, hasTouch }) => {
      const catalogue = await fetchCatalogue(request);
      const car = catalogue[Math.min(1, catalogue.length - 1)];
      await page.goto(`/car/${car.slug}`);
      await expect(opener(page, 1)).toBeVisible();
      const total = await pictureCount(page);

      if (hasTouch) await opener(page, 1).tap();
      else await opener(page, 1).click();
      const viewer = page.getByRole('dialog', { name: `Photos of ${car.name}` });
      const index = viewer.getByText(/^\d+ \/ \d+$/);
      await expect(index).toHaveText(`1 / ${total}`);

      await viewer.getByRole('button', { name: 'Next photo' }).click();
      await expect(index).toHaveText(`2 / ${total}`);
      await expect(viewer.getByRole('img', { name: `${car.name}, photo 2 of ${total}` })).toBeVisible();
      await viewer.getByRole('button', { name: `Show photo ${total}` }).click();
      await expect(index).toHaveText(`${total} / ${total}`);
      await viewer.getByRole('button', { name: 'Next photo' }).click();
      await expect(index).toHaveText(`1 / ${total}`);

      await viewer.getByRole('button', { name: 'Close' }).click();
      await expect(viewer).toBeHidden();
      await expect(opener(page, 1)).toBeFocused();
      expect(pageProblems).toEqual([]);
    });
  });
});
