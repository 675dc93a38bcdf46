import type { Page } from '@playwright/test';
import { E2E_ADMIN, submitLogin } from '../support/account';
import { E2E_STAFF, expect, test } from '../support/fixtures';

/*
 * A buyer's enquiry reaches the staff (issue 13): "Ask about this car" on a car page, the form on
 * /contact, and the admin's inbox at /dashboard/admin/leads, where the staff call back and move
 * the lead along. Real server, real database.
 */

/** A toast of the given text (Mantine notifications are `alert`s). */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);
}

test('a visitor asks about a car; the staff get an email and an SMS, the buyer an SMS; the admin sees it with the car and calls back', async ({
  page,
  browser,
  baseURL,
  apiCars,
  mail,
  sms,
  pageProblems,
}, testInfo) => {
  const car = apiCars[0];
  const name = `Amina ${testInfo.project.name} ${Date.now().toString(36)}`;

  // The visitor, in a browser of their own.
  const visitor = await browser.newPage();
  await visitor.goto(new URL(`/car/${car.slug}`, baseURL).href);
  await visitor.waitForSelector('html[data-interactive]');
  await visitor.getByRole('button', { name: 'Ask about this car' }).click();
  const dialog = visitor.getByRole('dialog', { name: `Ask about the ${car.name}` });
  await expect(dialog.getByRole('textbox', { name: /Message/ })).toHaveValue(`I'm interested in the ${car.name}. Is it still available?`);
  await dialog.getByRole('textbox', { name: /Your name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /Phone/ }).fill('0712 000 314');
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  // A number of its own: an address a visitor types gets only a few acknowledgements an hour, and other tests type 0712 345 678.
  const sent = Date.now();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Thank you, we have your message')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'WhatsApp Us' })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  await visitor.close();

  // Off the loopback stubs the server sends to: the staff's email (the admin account and the alert
  // list), the staff's SMS, and the buyer's acknowledgement.
  for (const to of [E2E_ADMIN.email, E2E_STAFF.email]) {
    const alert = await mail.waitFor((m) => m.to.includes(to) && m.subject === `New enquiry: ${name}, ${car.name}`);
    expect(alert.html).toContain('href="tel:+254712000314"');
    expect(alert.html).toContain(`/car/${car.slug}"`);
    expect(alert.text).toContain("I'm interested in the");
  }
  const staffSms = await sms.waitFor((m) => m.to === E2E_STAFF.phone && m.message.startsWith(`New enquiry: ${name} +254712000314. ${car.name}.`));
  const buyerSms = await sms.waitFor((m) => m.to === '+254712000314' && m.receivedAt >= sent && m.message.includes(`your question about the ${car.name}`));
  expect(buyerSms.message).toMatch(
    /^Mombasa Car Dealership: thank you, we have your question about the .+\. A salesperson will call you .+\. Questions\? Call \+254 711 222 333\.$/,
  );
  testInfo.annotations.push({
    type: 'speed to lead',
    description: `staff SMS ${staffSms.receivedAt - sent} ms, buyer SMS ${buyerSms.receivedAt - sent} ms after Send`,
  });

  await signInAsAdmin(page);
  await page.goto('/dashboard/admin/leads?status=New');
  const lead = page.getByRole('article', { name: `Enquiry from ${name}` });
  await expect(lead).toBeVisible();
  await expect(lead.getByRole('link', { name: car.name })).toHaveAttribute('href', `/car/${car.slug}`);
  await expect(lead.getByRole('link', { name: '+254712000314' })).toHaveAttribute('href', 'tel:+254712000314');
  await expect(lead.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/254712000314\?/);

  await lead.getByRole('textbox', { name: 'Note' }).fill('Called back, viewing on Saturday');
  await lead.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await lead.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Lead of ${name} saved: Contacted`)).toBeVisible();

  await page.goto('/dashboard/admin/leads?status=Contacted');
  const saved = page.getByRole('article', { name: `Enquiry from ${name}` });
  await expect(saved.getByRole('textbox', { name: 'Note' })).toHaveValue('Called back, viewing on Saturday');
  await expect(saved.getByText('Contacted', { exact: true }).first()).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test('the contact page sends a message; a Kenyan number is checked first', async ({ page, pageProblems }, testInfo) => {
  const name = `Otieno ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: /Your name/ }).fill(name);
  await form.getByRole('textbox', { name: /Phone/ }).fill('12345');
  await form.getByRole('checkbox', { name: /I agree/ }).check();
  await form.getByRole('textbox', { name: /Message/ }).fill('Do you take trade-ins?');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Enter a Kenyan phone number, e.g. 0712 345 678')).toBeVisible();
  await form.getByRole('textbox', { name: /Phone/ }).fill('+254 110 123 456');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you, we have your message')).toBeVisible();
  expect(pageProblems).toEqual([]);
});
