import type { Page } from '@playwright/test';
import { escapeRegExp } from './api';

/**
 * Picks `option` in the car form's list labelled `label`, as a staff member does. A searchable list
 * (the brands, which the tests keep adding to) is narrowed by typing first: with a long list the
 * option sits below the fold, and scrolling the page to it takes the field out of view, which
 * closes the list (Mantine hides a dropdown whose field is hidden).
 */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const list = page.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) });
  // The field in the middle of the view, so its list opens within it: clicking an option then never
  // scrolls the page, which moved a list still settling and hid it (seen once in a full run).
  await list.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await list.click();
  if ((await list.getAttribute('readonly')) === null) await list.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}
