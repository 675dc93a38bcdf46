// axe-core in the page, as the accessibility specs use it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * What axe finds on each page (WCAG 2.1 A and AA), one line per rule and page, outside `exclude`.
 * A page is audited once its data has loaded: the network is idle, or, on the back office (whose
 * live feed keeps a request open, so the network is never idle), once no loader is left.
 */
export async function violationsOf(
  page: Page,
  paths: readonly string[],
  exclude: readonly string[] = [],
  settled: 'network-idle' | 'no-loaders' = 'network-idle',
): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForSelector('html[data-interactive]');
    if (settled === 'network-idle') await page.waitForLoadState('networkidle');
    else {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    }
    let audit = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    for (const selector of exclude) audit = audit.exclude(selector);
    const { violations } = await audit.analyze();
    for (const violation of violations) {
      found.push(`${path}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`);
    }
  }
  return found;
}
