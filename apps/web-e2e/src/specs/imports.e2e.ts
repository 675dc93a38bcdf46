import { E2E_ADMIN, submitLogin } from '../support/account';
import { adminToken } from '../support/made-cars';
import { expect, PHONE, test } from '../support/fixtures';

/*
 * An import on behalf (issue 45), at the staff's desktop: an import request in the leads inbox is
 * opened as an import, its milestones move it on, and "Shipped" with its vessel and arrival date
 * reaches the buyer by SMS; the link in that SMS opens their tracking page on a phone, readable
 * without the page's script, and pays what is due by M-Pesa from it. Real server, database, SMS and
 * Daraja stubs, and browser.
 */
test('staff open an import from an import request and ship it; the buyer follows it from the SMS link', async ({ page, browser, baseURL, request, sms, pageProblems }, testInfo) => {
  test.setTimeout(90_000);
  const name = `Wanjiru ${testInfo.project.name} ${Date.now().toString(36)}`;
  const phone = `+2547330${String(Date.now()).slice(-5)}`;
  const year = new Date().getFullYear() - 2;
  const sent = await request.post('/trpc/lead.create', {
    data: { kind: 'import', name, phone, consent: true, details: { make: 'Toyota', model: 'Fielder', yearFrom: year, yearTo: year, budget: 2_100_000 } },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/admin/leads?kind=import');
  await page.getByRole('article', { name: `Import on behalf from ${name}` }).getByRole('button', { name: `Timeline and follow-up of ${name}` }).click();
  await page.getByRole('button', { name: 'Open import' }).click();
  const open = page.getByRole('form', { name: 'Open import' });
  // Prefilled from the request: the buyer, the car, the budget as the agreed price.
  await expect(open.getByRole('textbox', { name: 'Model' })).toHaveValue('Fielder');
  await expect(open.getByRole('textbox', { name: 'Agreed price (KES)' })).toHaveValue('2,100,000');
  await open.getByRole('textbox', { name: 'Chassis number' }).fill('NZE161-3012345');
  // Past the eight-year rule: refused on the field, naming the oldest year allowed.
  await open.getByRole('textbox', { name: 'Year of manufacture' }).fill(String(year - 9));
  await open.getByRole('textbox', { name: 'Year of first registration' }).fill(String(year - 9));
  await open.getByRole('button', { name: 'Open import' }).click();
  await expect(open.getByText(/must have been first registered in \d{4} or later/)).toBeVisible();
  await open.getByRole('textbox', { name: 'Year of manufacture' }).fill(String(year));
  await open.getByRole('textbox', { name: 'Year of first registration' }).fill(String(year));
  await open.getByRole('button', { name: 'Open import' }).click();
  const opened = page.getByRole('link', { name: /^Import IMP-\d{5}$/ });
  await expect(opened).toBeVisible();
  const reference = (await opened.textContent())?.replace('Import ', '') ?? '';
  await opened.click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${reference}`) })).toBeVisible();

  // The steps before the ship, recorded through the API; then "Shipped" through the form.
  const id = page.url().split('/').at(-1) ?? '';
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  for (const milestone of ['bought', 'paid-to-supplier', 'export-certificate', 'pre-shipment-inspection']) {
    const recorded = await request.post('/trpc/vehicleImport.recordMilestone', { headers, data: { importId: id, milestone, occurredOn: '2026-11-20', fields: {} } });
    expect(recorded.ok(), await recorded.text()).toBe(true);
  }
  await page.reload();
  await page.getByRole('button', { name: 'Record milestone' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Milestone' }).click();
  await page.getByRole('option', { name: 'Shipped', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Vessel' }).fill('Morning Celesta');
  await dialog.getByRole('textbox', { name: 'Voyage' }).fill('112A');
  await dialog.getByRole('textbox', { name: 'Bill of lading number' }).fill('MOLU1234567');
  await dialog.getByRole('textbox', { name: 'Port of loading' }).fill('Yokohama');
  await dialog.getByRole('textbox', { name: 'Estimated arrival' }).fill(`${year + 3}-01-10`);
  await dialog.getByRole('textbox', { name: 'Staff note' }).fill('Exporter gave us a discount');
  await dialog.getByRole('button', { name: 'Save milestone' }).click();
  await expect(dialog).toBeHidden();

  // The buyer's SMS, and the page its link opens, on a phone with JavaScript off.
  const shipped = await sms.waitFor((m) => m.to === phone && m.message.includes('shipped on the Morning Celesta'));
  const link = /Track it: (\S+)$/.exec(shipped.message)?.[1] ?? '';
  expect(link).toMatch(/\/imports\/track\/[\w-]+\.[\w-]+$/);
  const phoneContext = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const buyerPage = await phoneContext.newPage();
  await buyerPage.goto(new URL(new URL(link).pathname, baseURL).href);
  await expect(buyerPage.getByRole('heading', { level: 1, name: `${year} Toyota Fielder` })).toBeVisible();
  await expect(buyerPage.getByText(`Import ${reference}`)).toBeVisible();
  await expect(buyerPage.getByText('Morning Celesta').first()).toBeVisible();
  await expect(buyerPage.getByText(`10 January ${year + 3}`).first()).toBeVisible();
  await expect(buyerPage.getByText(/discount|MOLU/)).toHaveCount(0);
  await phoneContext.close();

  // With the page's code, the buyer pays what is due by M-Pesa from the same link (the Daraja stub
  // prompts, is paid and calls the server back); the page then shows the receipt and what is paid.
  const payingContext = await browser.newContext({ ...PHONE });
  const paying = await payingContext.newPage();
  await paying.goto(new URL(new URL(link).pathname, baseURL).href);
  const pay = paying.getByRole('form', { name: 'M-Pesa payment' });
  await pay.getByRole('textbox', { name: 'M-Pesa number' }).fill('0712 345 678');
  const payButton = pay.getByRole('button', { name: /^Pay KES [\d,]+ by M-Pesa$/ });
  const amount = (await payButton.textContent())?.match(/KES [\d,]+/)?.[0] ?? '';
  await payButton.click();
  const received = paying.getByRole('group', { name: 'Payment received' });
  await expect(received).toContainText(amount);
  await expect(received).toContainText('M-Pesa receipt');
  await expect(paying.getByText(`${amount} of KES 2,100,000`)).toBeVisible();
  await expect(sms.waitFor((m) => m.to === phone && m.message.includes(`We received ${amount} by M-Pesa`))).resolves.toBeTruthy();
  await payingContext.close();
  // The one refusal on purpose: the car past the eight-year rule.
  expect(pageProblems.filter((problem) => !/status of 400 .* @ .*\/trpc\/vehicleImport\.open/.test(problem))).toEqual([]);
});
