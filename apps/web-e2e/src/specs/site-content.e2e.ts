import { type SiteContent, siteContentFields } from '@dealership/content-schemas';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';

/*
 * The owner keeps the site content (issue 28): the FAQ, the opening hours, the contact details. An
 * edit shows at once on the public pages, in the server-rendered HTML too (home FAQ, footer, the
 * about page's hours and the structured data). The content is put back as it was at the end, so
 * the other specs on this worker's server see the defaults.
 */

/** A toast of the given text (Mantine notifications are `alert`s). */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

const NEW_ANSWER = 'KRA charges import duty of 35% on most cars from this year: we give you the full landed cost before you commit.';
const EDITED_HOURS = 'Mon-Fri 08:00-17:00 and Sat 08:00-15:30';

/** The content in force, as every page reads it (`content.current`, a public query). */
async function currentContent(request: APIRequestContext): Promise<SiteContent> {
  const response = await request.get('/trpc/content.current');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { data: SiteContent } }).result.data;
}

/** Puts the content back through the API as the owner (whatever state the test left the form in). */
async function restoreContent(request: APIRequestContext, content: SiteContent): Promise<void> {
  const login = await request.post('/api/user/login', { data: E2E_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const response = await request.post('/trpc/content.update', { data: siteContentFields(content), headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
}

test('the owner edits Saturday’s hours and a FAQ answer; home and about show them at once, server-rendered', async ({ page, request, pageProblems }) => {
  const before = await currentContent(request);
  const question = before.faq[1].question;
  try {
    await page.goto('/login');
    await submitLogin(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/dashboard/admin');
    await page.getByRole('link', { name: 'Site content' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/site-content$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Site content' });
    await expect(form.getByLabel('Saturday closes')).toHaveValue('13:00');
    await form.getByLabel('Saturday closes').fill('15:30');
    await form.getByRole('group', { name: 'Question 2' }).getByRole('textbox', { name: 'Answer' }).fill(NEW_ANSWER);
    await expect(form.getByText('Unsaved changes')).toBeVisible();
    await form.getByRole('button', { name: 'Save site content' }).click();
    await expect(toast(page, 'Site content saved')).toBeVisible();
    await expect(form.getByText('Unsaved changes')).toHaveCount(0);

    // The home page, loaded afresh (server-rendered): the footer's hours and the FAQ's answer.
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByText(EDITED_HOURS)).toBeVisible();
    await page.getByText(question).click();
    await expect(page.getByText(NEW_ANSWER)).toBeVisible();
    const home = await (await page.request.get('/')).text();
    expect(home).toContain(EDITED_HOURS);
    expect(home).toContain(NEW_ANSWER);
    expect(home).toContain('"openingHours":["Mo-Fr 08:00-17:00","Sa 08:00-15:30"]');

    // The about page: its table of hours and its structured data.
    await page.goto('/about');
    const hours = page.getByRole('region', { name: 'Opening Hours' });
    await expect(hours.getByRole('definition').nth(5)).toHaveText('08:00-15:30');
    await expect(hours.getByRole('definition').nth(6)).toHaveText('Closed');
    const about = await (await page.request.get('/about')).text();
    expect(about).toContain('"dayOfWeek":["Saturday"],"opens":"08:00","closes":"15:30"');
    expect(about).toContain(EDITED_HOURS);
  } finally {
    await restoreContent(request, before);
  }
  // Back as it was: the footer's reading of the default hours (spec §1).
  const restored = await (await page.request.get('/')).text();
  expect(restored).toContain('Mon-Sat 8:00 AM to 6:00 PM');
  expect(restored).not.toContain(NEW_ANSWER);
  expect(pageProblems).toEqual([]);
});
