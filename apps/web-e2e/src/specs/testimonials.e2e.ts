import type { Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN, submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';

/*
 * The dealer publishes what customers said (issue 14, the footer's Testimonials): the about page's
 * testimonial is there from the start, the staff add one in the back office, visitors read it on
 * /testimonials, and switching off Published takes it off the site.
 */

/** A name no other test or viewport uses: every test shares one database. */
const unique = (testInfo: TestInfo, label: string) => `${label} ${testInfo.project.name} ${Date.now().toString(36)}`;

/** A toast of the given text (Mantine notifications are `alert`s). */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

test('the footer leads to the testimonials, the about page testimonial among them, server-rendered', async ({ page, pageProblems }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Testimonials' }).click();
  await expect(page).toHaveURL(/\/testimonials$/);
  await expect(page.getByRole('heading', { level: 1, name: 'What Our Customers Say' })).toBeVisible();
  await expect(page.getByText('— Amina W., Nyali, Mombasa (Toyota Harrier)')).toBeVisible();
  await expect(page).toHaveTitle('Customer Testimonials | Mombasa Car Dealership');

  const html = await (await page.request.get('/testimonials')).text();
  expect(html).toContain('The price we agreed was the price I paid.');
  expect(html).toContain('"@type":"Review"');
  expect(pageProblems).toEqual([]);
});

test('the staff add a testimonial, visitors read it, unpublishing takes it off the site', async ({ page, browser, pageProblems }, testInfo) => {
  const name = unique(testInfo, 'Otieno');
  const quote = `Imported my Mazda CX-5 through them (${name}).`;
  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard/admin/testimonials');
  await page.getByRole('button', { name: 'Add testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add testimonial' });
  await dialog.getByRole('textbox', { name: /Customer name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /Location/ }).fill('Kisauni');
  await dialog.getByRole('textbox', { name: /Quote/ }).fill(quote);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Testimonial added')).toBeVisible();
  const card = page.getByRole('article', { name: `Testimonial by ${name}` });
  await expect(card).toBeVisible();

  // A visitor, in a browser of their own.
  const visitor = await browser.newPage();
  await visitor.goto(new URL('/testimonials', page.url()).href);
  await expect(visitor.getByText(quote)).toBeVisible();
  await expect(visitor.getByText(`— ${name}, Kisauni`)).toBeVisible();

  await card.getByRole('switch', { name: 'Published' }).click({ force: true });
  await expect(toast(page, 'Testimonial hidden from the site')).toBeVisible();
  await expect(card.getByText('Hidden')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'What Our Customers Say' })).toBeVisible();
  await expect(visitor.getByText(quote)).toHaveCount(0);

  // Deleted after the question.
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete testimonial' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Testimonial deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
  await visitor.close();
  expect(pageProblems).toEqual([]);
});
