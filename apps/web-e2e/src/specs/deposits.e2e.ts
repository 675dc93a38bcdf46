import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, newCustomer, registerViaApi, submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';
import { adminToken, makeCars, removeCars } from '../support/made-cars';

/*
 * Reservations and their deposit (issue 27): a buyer pays the deposit by M-Pesa on /cart against
 * the worker's Daraja stub, which calls the server back; the car is Reserved and the receipt shows
 * to the buyer and the staff. And a reservation without a deposit ends when its hold (shortened in
 * the staff's settings) runs out: the car is on sale again and the buyer told.
 */

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** A receipt number of M-Pesa's shape, unique to the test run. */
const receiptNumber = () => `TK${Date.now().toString(36).toUpperCase().slice(-8)}`.padEnd(10, 'X');

/** Today in Nairobi, as the settings' dates are written. */
const nairobiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

test('a buyer pays the deposit by M-Pesa on /cart: the car is Reserved and the receipt shows to the buyer and the staff', async ({
  page,
  request,
  browser,
  baseURL,
  daraja,
  pageProblems,
}, testInfo) => {
  test.setTimeout(90_000);
  const [car] = await makeCars(request, testInfo, [1_650_000], 'Deposit');
  try {
    const buyer = newCustomer(testInfo, 'deposit');
    await registerViaApi(request, buyer);
    await page.goto(`/car/${car.slug}`);
    await page.getByRole('button', { name: 'Save to Favourites' }).click();
    await expect(toast(page, 'Added To Cart Successfully')).toBeVisible();
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Login to reserve' }).click();
    await submitLogin(page, buyer);
    await expect(page).toHaveURL(/\/cart$/);

    const checkout = page.getByRole('region', { name: 'Reserve or buy' });
    await checkout.getByRole('button', { name: 'Pay deposit by M-Pesa' }).click();
    const step = page.getByRole('region', { name: 'M-Pesa deposit' });
    await expect(step).toContainText('KES 50,000');
    const phone = step.getByRole('textbox', { name: 'M-Pesa number' });
    await expect(phone).toHaveValue(buyer.phone);
    // The buyer takes a moment on the phone: the page waits, then shows the receipt.
    const receipt = receiptNumber();
    daraja.nextOutcome({ resultCode: 0, receipt, afterMs: 2500 });
    await step.getByRole('button', { name: 'Pay deposit by M-Pesa' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();
    const push = await daraja.waitForPush((p) => p.amount === 50_000 && p.phoneNumber === '254712345678');
    expect(push.callBackUrl).toContain(`${baseURL}/api/payments/mpesa/callback/`);
    const paid = page.getByRole('group', { name: 'Deposit paid' });
    await expect(paid).toContainText(receipt, { timeout: 20_000 });
    await expect(paid).toContainText('reserved until');

    await page.goto(`/car/${car.slug}`);
    await expect(page.getByText('Reserved', { exact: true }).first()).toBeVisible();
    await page.goto('/dashboard/user/order');
    const mine = page.getByRole('article').filter({ hasText: car.name });
    await expect(mine).toContainText(receipt);
    await expect(mine).toContainText('KES 1,600,000');

    // The staff see the payment on the order.
    const staffContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
    const staff = await staffContext.newPage();
    try {
      await staff.goto('/login');
      await submitLogin(staff, E2E_ADMIN);
      await expect(staff).toHaveURL(/\/$/);
      await staff.goto('/dashboard/admin/userorders');
      await staff.getByRole('searchbox', { name: 'Search buyer' }).fill(buyer.email);
      const order = staff.getByRole('article', { name: /^Order / }).filter({ hasText: car.name });
      await expect(order).toContainText(receipt);
      await expect(order).toContainText('M-Pesa');
    } finally {
      await staffContext.close();
    }
  } finally {
    await removeCars(request, [car]);
  }
  expect(pageProblems).toEqual([]);
});

/** Deletes the rate set dated `date` through the admin API (the test's own, made for a short hold). */
async function removeRateSet(request: APIRequestContext, date: string): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const list = await request.get(`/trpc/setting.list?input=${encodeURIComponent(JSON.stringify({ page: 1 }))}`, { headers });
  expect(list.ok(), await list.text()).toBe(true);
  const sets = ((await list.json()) as { result: { data: { items: { id: string; effectiveFrom: string }[] } } }).result.data.items;
  for (const set of sets.filter((s) => s.effectiveFrom === date)) {
    const removed = await request.post('/trpc/setting.remove', { headers, data: { id: set.id } });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
}

test('a reservation without a deposit ends when its hold (shortened in the settings) runs out: the car is on sale again and the buyer told', async ({
  page,
  request,
  mail,
  pageProblems,
}, testInfo) => {
  // A hold of 0.01 hours (36 s, the shortest the rules take) and the sweep every second on the test
  // server (RESERVATION_SWEEP_INTERVAL_MS, support/fixtures.ts): the reservation ends about 37 s after it is made.
  test.setTimeout(120_000);
  const today = nairobiToday();
  const [car] = await makeCars(request, testInfo, [980_000], 'Hold');
  try {
    await page.goto('/login');
    await submitLogin(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/admin/settings');
    await page.getByRole('button', { name: 'New rate set' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rate set' });
    await dialog.getByLabel(/Takes effect on/).fill(today);
    await dialog.getByRole('textbox', { name: 'Reminder before expiry (hours)' }).fill('0');
    await dialog.getByRole('textbox', { name: 'Hold without a deposit (hours)' }).fill('0.01');
    await dialog.getByRole('textbox', { name: 'Note' }).fill('A short hold for the browser test');
    await dialog.getByRole('button', { name: 'Save rate set' }).click();
    await expect(page.getByRole('row', { name: `Rates from ${today}` }).getByText('In force')).toBeVisible();

    // The buyer reserves the car on /cart without a deposit.
    const buyer = newCustomer(testInfo, 'hold');
    await registerViaApi(request, buyer);
    const buyerContext = page.context();
    await buyerContext.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`/car/${car.slug}`);
    await page.getByRole('button', { name: 'Save to Favourites' }).click();
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Login to reserve' }).click();
    await submitLogin(page, buyer);
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole('region', { name: 'Reserve or buy' }).getByRole('button', { name: 'Reserve — pay at the showroom' }).click();
    const confirmation = page.getByRole('region', { name: 'Cars reserved' });
    await expect(confirmation).toBeVisible();
    const orderNumber = (await confirmation.getByText(/^[0-9A-F]{8}$/).textContent())?.trim() ?? '';

    await page.goto('/dashboard/user/order');
    const mine = page.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(mine).toContainText('Held until');
    // The hold runs out; the sweep cancels the reservation, frees the car and tells the buyer, in
    // one transaction: once the message has come, the order shows it.
    const ended = await mail.waitFor((m) => m.to.includes(buyer.email) && m.subject === `Your reservation ${orderNumber} has ended`, 60_000);
    expect(ended.text).toContain('the car is on sale again');
    await page.reload();
    await expect(mine).toContainText('cancel');
    await page.goto(`/car/${car.slug}`);
    await expect(page.getByText('Reserved', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save to Favourites' }).or(page.getByRole('button', { name: 'Remove from Favourites' }))).toBeVisible();
  } finally {
    await removeRateSet(request, today);
    await removeCars(request, [car]);
  }
  expect(pageProblems).toEqual([]);
});
