import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN, newCustomer, registerViaApi, submitLogin } from '../support/account';
import { type MadeCar, makeCars, removeCars } from '../support/made-cars';
import { amount } from '../support/catalogue';
import { expect, test } from '../support/fixtures';

/*
 * From favourites to a handled order (issue 11): a buyer saves two cars, logs in from /cart,
 * reserves them and sees the confirmation and the order in My Orders; the admin finds the order,
 * sets 'Shipped' and sees 'Order Changed to Shipped'; the buyer sees Shipped. The cars are the
 * test's own (made through the admin API), so reserving them changes nothing other tests read.
 */

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

test.describe('orders: favourites to a handled order', () => {
  test('a buyer reserves two saved cars; the admin ships the order; the buyer sees Shipped', async ({
    page,
    request,
    browser,
    baseURL,
    pageProblems,
  }, testInfo) => {
    test.setTimeout(90_000);
    const cars = await makeCars(request, testInfo, [2_350_000, 1_180_000]);
    try {
      await reserveAndShip(page, request, browser, baseURL, testInfo, cars);
    } finally {
      await removeCars(request, cars);
    }
    expect(pageProblems).toEqual([]);
  });
});

async function reserveAndShip(page: Page, request: APIRequestContext, browser: Browser, baseURL: string | undefined, testInfo: TestInfo, cars: MadeCar[]) {
  const buyer = newCustomer(testInfo, 'orders');
  await registerViaApi(request, buyer);

  // A guest saves both cars, then logs in from /cart and comes back to it.
  for (const car of cars) {
    await page.goto(`/car/${car.slug}`);
    await page.getByRole('button', { name: 'Save to Favourites' }).click();
    await expect(toast(page, 'Added To Cart Successfully')).toBeVisible();
  }
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Login to reserve' }).click();
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, buyer);
  await expect(page).toHaveURL(/\/cart$/);

  // The checkout box totals the server's prices.
  const total = cars.reduce((sum, car) => sum + car.price, 0);
  const checkout = page.getByRole('region', { name: 'Reserve or buy' });
  await expect(checkout.getByRole('group', { name: 'Order total' })).toContainText(amount(total));
  await checkout.getByRole('button', { name: 'Reserve — pay at the showroom' }).click();

  const confirmation = page.getByRole('region', { name: 'Cars reserved' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(amount(total));
  const orderNumber = (await confirmation.getByText(/^[0-9A-F]{8}$/).textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^[0-9A-F]{8}$/);

  // The cars are now Reserved for everyone.
  await page.goto(`/car/${cars[0].slug}`);
  await expect(page.getByText('Reserved', { exact: true }).first()).toBeVisible();

  // My Orders lists it as a reservation, not yet processed.
  await page.goto('/dashboard/user/order');
  const mine = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('Not Process');
  await expect(mine).toContainText('Reservation');
  for (const car of cars) await expect(mine.getByRole('link', { name: car.name })).toHaveAttribute('href', `/car/${car.slug}`);

  // The admin finds it by the buyer and ships it.
  const admin = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const staff = await admin.newPage();
  try {
    await staff.goto('/login');
    await submitLogin(staff, E2E_ADMIN);
    await expect(staff).toHaveURL(/\/$/);
    await staff.goto('/dashboard/admin/userorders');
    await staff.getByRole('searchbox', { name: 'Search buyer' }).fill(buyer.email);
    await expect(staff).toHaveURL(/search=/);
    const order = staff.getByRole('article', { name: /^Order / }).filter({ hasText: cars[0].name });
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(buyer.name);
    await expect(order.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
    await order.getByRole('combobox', { name: /^Status of order/ }).selectOption('Shipped');
    await expect(staff.getByRole('alert').filter({ hasText: 'Order Changed to Shipped' }).first()).toBeVisible();
    await expect(order.getByRole('combobox', { name: /^Status of order/ })).toHaveValue('Shipped');
  } finally {
    await admin.close();
  }

  // The buyer sees Shipped.
  await page.reload();
  await expect(page.getByRole('article', { name: `Order ${orderNumber}` })).toContainText('Shipped');
}
