import { E2E_ADMIN, submitLogin } from '../support/account';
import { expect, PHONE, test } from '../support/fixtures';

/*
 * A written trade-in offer (issue 46): staff make it from a trade-in request in the leads inbox
 * (desktop); the buyer gets it by SMS and accepts it from the link on a phone. Real server,
 * database, SMS stub and browser.
 */
test('staff send a trade-in offer from the inbox; the buyer accepts it from the SMS link', async ({ page, browser, baseURL, request, sms, pageProblems }, testInfo) => {
  test.setTimeout(60_000);
  const name = `Kamau ${testInfo.project.name} ${Date.now().toString(36)}`;
  const phone = `+2547340${String(Date.now()).slice(-5)}`;
  const sent = await request.post('/trpc/lead.create', {
    data: { kind: 'trade-in', name, phone, consent: true, details: { make: 'Toyota', model: 'Axio', year: 2015, mileage: 120_000, condition: 'Good', photos: [] } },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/admin/leads?kind=trade-in');
  await page.getByRole('button', { name: `Timeline and follow-up of ${name}` }).click();
  await page.getByRole('button', { name: 'Make an offer' }).click();
  const form = page.getByRole('form', { name: 'Make an offer' });
  await expect(form.getByRole('textbox', { name: 'Car' })).toHaveValue('2015 Toyota Axio, 120,000 km');
  await expect(form.getByRole('textbox', { name: 'Valid until' })).toHaveValue(/^\d{4}-\d\d-\d\d$/);
  await form.getByRole('textbox', { name: 'Offer amount (KES)' }).fill('850000');
  await form.getByRole('textbox', { name: 'Conditions' }).fill('Logbook and spare key at handover');
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByText(/^OFR-\d{5}: KES 850,000$/)).toBeVisible();

  const offer = await sms.waitFor((m) => m.to === phone && m.message.includes('our offer for your 2015 Toyota Axio, 120,000 km is KES 850,000'));
  const link = /accept it: (\S+)$/.exec(offer.message)?.[1] ?? '';
  const phoneContext = await browser.newContext({ ...PHONE, baseURL });
  const buyer = await phoneContext.newPage();
  await buyer.goto(new URL(link).pathname);
  await buyer.waitForSelector('html[data-interactive]');
  await expect(buyer.getByText('KES 850,000')).toBeVisible();
  await expect(buyer.getByText('Valid until')).toBeVisible();
  await buyer.getByRole('button', { name: 'Accept offer' }).click();
  await expect(buyer.getByRole('status')).toContainText('You accepted this offer');
  await phoneContext.close();

  await page.reload();
  await page.getByRole('button', { name: `Timeline and follow-up of ${name}` }).click();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
  expect(pageProblems).toEqual([]);
});
