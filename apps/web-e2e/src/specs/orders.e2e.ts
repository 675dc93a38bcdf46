import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN, newCustomer, registerViaApi, submitLogin } from '../support/account';
import { amount } from '../support/catalogue';
import { expect, test } from '../support/fixtures';

/*
 * From favourites to a handled order (issue 11): a buyer saves two cars, logs in from /cart,
 * reserves them and sees the confirmation and the order in My Orders; the admin finds the order,
 * sets 'Shipped' and sees 'Order Changed to Shipped'; the buyer sees Shipped. The cars are the
 * test's own (made through the admin API), so reserving them changes nothing other tests read.
 */

interface MadeCar {
  id: string;
  name: string;
  slug: string;
  price: number;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/user/login', { data: E2E_ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Removes the test's cars again: the other specs read the newest cars of the shared catalogue. */
async function removeCars(request: APIRequestContext, cars: readonly MadeCar[]): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  for (const car of cars) {
    const removed = await request.post('/trpc/car.remove', { headers, data: { id: car.id } });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
}

/** Two cars of the first brand, each with its own uploaded picture, made through the admin API. */
async function makeCars(request: APIRequestContext, testInfo: TestInfo): Promise<MadeCar[]> {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const brands = (await (await request.get('/api/brand/getAll-brand')).json()) as { brands: { _id: string }[] };
  const made: MadeCar[] = [];
  for (const [index, price] of [2_350_000, 1_180_000].entries()) {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: index ? '#2f6b3a' : '#6b2f2f' } })
      .jpeg()
      .toBuffer();
    const upload = await request.post('/api/media/upload', {
      headers,
      multipart: { file: { name: `order-${index}.jpg`, mimeType: 'image/jpeg', buffer: photo } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const picture = (await upload.json()) as { url: string; public_id: string };
    const name = `Order Test ${index ? 'Axio' : 'Fielder'} ${testInfo.project.name} ${Date.now().toString(36)}`;
    const created = await request.post('/trpc/car.create', {
      headers,
      data: {
        brandId: brands.brands[0]._id,
        images: [{ url: picture.url, publicId: picture.public_id }],
        name,
        price,
        fuelType: 'Petrol',
        transmission: 'Automatic',
        engineSize: 1500,
        mileage: 74_000,
        year: 2017,
        drive: '2 WD',
        description: 'A car of the orders browser test.',
        bodyType: 'Sedan',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const car = ((await created.json()) as { result: { data: { id: string; slug: string } } }).result.data;
    made.push({ id: car.id, slug: car.slug, name, price });
  }
  return made;
}

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
    const cars = await makeCars(request, testInfo);
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
