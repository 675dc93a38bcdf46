// No dead taps (issue 25): on a phone on a slow network a server-rendered page is on screen seconds
// before its code has run. A tap in that time is held (early-taps.js, inline in the page's head)
// and replayed once the page is interactive: the buyer's first tap does what it says.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { atWidths, DESKTOP, expect, PHONE, test, usesDrawerMenu } from '../support/fixtures';
import { holdCode } from '../support/held-code';

/**
 * A phone on Lighthouse's "slow 4G" with a mid-range CPU: 150 ms round trips, 1.6 Mbit/s down, 4x
 * slower CPU. The page's code (its JavaScript modules) is held back until `releaseCode` is called:
 * throttling alone left it to the machine's speed whether a tap came before the code (a fast
 * machine had the app running before the third tap), and this test is about taps that do.
 */
async function throttledPage(context: BrowserContext): Promise<{ page: Page; releaseCode: () => void }> {
  // The fixtures' `page` waits for the app after each load; this test taps before it.
  const page = await context.newPage();
  const releaseCode = await holdCode(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Records, before the page's own listeners, whether the app had taken the page over at each tap.
  await page.addInitScript(() => {
    const taps: { name: string; beforeCode: boolean }[] = [];
    (window as unknown as { e2eTaps: typeof taps }).e2eTaps = taps;
    window.addEventListener(
      'click',
      (event) => {
        const control = (event.target as Element | null)?.closest('button, label');
        taps.push({
          name: control?.getAttribute('aria-label') || control?.textContent?.trim() || '',
          beforeCode: !document.documentElement.hasAttribute('data-interactive'),
        });
      },
      true,
    );
    window.addEventListener(
      'input',
      (event) => {
        const field = event.target as HTMLInputElement;
        taps.push({
          name: `typed into ${field.labels?.[0]?.textContent?.trim() ?? 'a field'}`,
          beforeCode: !document.documentElement.hasAttribute('data-interactive'),
        });
      },
      true,
    );
  });
  return { page, releaseCode };
}

/** A finger's tap on a touch screen, the mouse's click elsewhere. */
const press = (control: Locator, hasTouch: boolean | undefined) => (hasTouch ? control.tap() : control.click());

/** The taps and typing of the buyer (replays come after the app took over), each with whether the code had run yet. */
async function tapsOf(page: Page): Promise<{ name: string; beforeCode: boolean }[]> {
  return page.evaluate(() => (window as unknown as { e2eTaps: { name: string; beforeCode: boolean }[] }).e2eTaps);
}

// The phone's own parts (its menu, the folded filters) are tapped at the phone's width.
atWidths({ desktop: DESKTOP, phone: PHONE }, () => {
  test.describe('taps before the page code has run', () => {
    test.beforeEach(() => test.setTimeout(90_000));

    test('Save to Favourites, Compare and the phone menu on a car page act once the code has run', async ({ context, hasTouch, apiCars, pageProblems }) => {
      const car = apiCars.find((candidate) => candidate.status === 'Available');
      if (!car) throw new Error('the seeded catalogue has no available car');
      const { page, releaseCode } = await throttledPage(context);
      await page.goto(`/car/${car.slug}`, { waitUntil: 'commit' });

      const save = page.getByRole('button', { name: 'Save to Favourites' });
      const compare = page.getByRole('button', { name: `Compare ${car.name}` });
      const burger = page.getByRole('button', { name: 'Open navigation' });
      const tapped = ['Save to Favourites', `Compare ${car.name}`];
      // Taps as soon as each control is on screen (Playwright waits for that, and no longer).
      await press(save, hasTouch);
      await press(compare, hasTouch);
      if (usesDrawerMenu(page)) {
        await press(burger, hasTouch);
        tapped.push('Open navigation');
      }

      releaseCode();
      await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 60_000 });
      // Each tap happened before the app had taken the page over, and was replayed once, in order.
      await expect.poll(async () => (await tapsOf(page)).length).toBe(tapped.length * 2);
      expect(await tapsOf(page)).toEqual([...tapped.map((name) => ({ name, beforeCode: true })), ...tapped.map((name) => ({ name, beforeCode: false }))]);
      await expect(page.getByRole('alert').filter({ hasText: 'Added To Cart Successfully' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Cars to compare' })).toContainText('Compare (1):');
      if (usesDrawerMenu(page)) await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length)).toBe(1);
      expect(pageProblems).toEqual([]);
    });

    test('a filter tapped and a search typed before the code narrow the catalogue once it has run', async ({ context, hasTouch }) => {
      const { page, releaseCode } = await throttledPage(context);
      await page.goto('/cars', { waitUntil: 'commit' });
      if (usesDrawerMenu(page)) {
        // Narrow screens fold the filters under a button: the early tap opens them.
        await press(page.getByRole('button', { name: 'Show Filters' }), hasTouch);
        releaseCode();
        await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 60_000 });
        await expect(page.getByRole('checkbox', { name: 'Toyota', exact: true })).toBeVisible();
        expect((await tapsOf(page))[0]).toEqual({ name: 'Show Filters', beforeCode: true });
        return;
      }
      const filters = page.getByRole('region', { name: 'Filters' });
      await press(filters.getByText('Toyota', { exact: true }), hasTouch);
      // A search typed early too: the field shows it at once, and the list follows once the code runs.
      await filters.getByRole('searchbox', { name: 'Search' }).fill('Prado');
      releaseCode();
      await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 60_000 });
      await expect(page.getByRole('checkbox', { name: 'Toyota', exact: true })).toBeChecked();
      await expect(page).toHaveURL(/[?&]brands=toyota(&|$)/);
      await expect(page).toHaveURL(/[?&]search=Prado(&|$)/);
      await expect(filters.getByRole('searchbox', { name: 'Search' })).toHaveValue('Prado');
      expect((await tapsOf(page)).slice(0, 2)).toEqual([
        { name: 'Toyota', beforeCode: true },
        { name: 'typed into Search', beforeCode: true },
      ]);
    });
  });
});
