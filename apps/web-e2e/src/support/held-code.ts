import type { Page } from '@playwright/test';

/**
 * Holds back the page's code (its JavaScript modules under /assets/) from now until the returned
 * function is called: what the visitor does in between happens before the code has run, whatever
 * the machine's speed. Before a load, the whole app is held (a server-rendered page on screen,
 * nothing hydrated); after one, only the chunks a link inside the app asks for.
 */
export async function holdCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
