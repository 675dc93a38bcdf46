import sharp from 'sharp';
import { E2E_ADMIN, newCustomer, registerViaApi, submitLogin } from '../support/account';
import { choose } from '../support/car-form';
import { expect, PHONE, test } from '../support/fixtures';
import { makeCars, removeCars } from '../support/made-cars';
import { asOwner } from '../support/sales-staff';

/*
 * A written trade-in offer (issue 46): staff make it from a trade-in request in the leads inbox
 * (desktop); the buyer, signed in on a phone, accepts it from the SMS link, sees it as "Trade-in
 * credit" on /cart, reserves a car with it and finds it in My Orders; once the car is delivered the
 * owner reads its margin in Reports, and lists the traded car from "Trade-ins to list" with its
 * photo and its purchase cost. Real server, database, SMS stub and browser.
 */
test('staff send a trade-in offer from the inbox; the buyer accepts it from the SMS link and uses it at checkout', async ({
  page,
  browser,
  baseURL,
  request,
  sms,
  pageProblems,
}, testInfo) => {
  test.setTimeout(120_000);
  const cars = await makeCars(request, testInfo, [2_400_000], 'Trade');
  const [car] = cars;
  const customer = newCustomer(testInfo, 'tradein');
  await registerViaApi(request, customer);
  const name = `Kamau ${testInfo.project.name} ${Date.now().toString(36)}`;
  const phone = `+2547340${String(Date.now()).slice(-5)}`;
  // The buyer's photo of their car, sent with the request (it becomes the listing's picture).
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a2b' } })
    .jpeg()
    .toBuffer();
  const photo = await request.post('/api/media/lead-photo', { multipart: { file: { name: 'axio.jpg', mimeType: 'image/jpeg', buffer: picture } } });
  expect(photo.status(), await photo.text()).toBe(201);
  const { url, publicId } = (await photo.json()) as { url: string; publicId: string };
  const sent = await request.post('/trpc/lead.create', {
    data: {
      kind: 'trade-in',
      name,
      phone,
      consent: true,
      details: { make: 'Toyota', model: 'Axio', year: 2015, mileage: 120_000, condition: 'Good', photos: [{ url, publicId }] },
    },
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
  try {
    const buyer = await phoneContext.newPage();
    // Signed in, so the accepted offer is the account's.
    await buyer.goto('/login');
    await submitLogin(buyer, customer);
    await expect(buyer).toHaveURL(/\/$/);
    await buyer.goto(new URL(link).pathname);
    await buyer.waitForSelector('html[data-interactive]');
    await expect(buyer.getByText('KES 850,000')).toBeVisible();
    await expect(buyer.getByText('Valid until')).toBeVisible();
    await buyer.getByRole('button', { name: 'Accept offer' }).click();
    await expect(buyer.getByRole('status')).toContainText('You accepted this offer');

    await page.reload();
    await page.getByRole('button', { name: `Timeline and follow-up of ${name}` }).click();
    await expect(page.getByText('Accepted', { exact: true })).toBeVisible();

    // At checkout: the offer as "Trade-in credit", taken off what is to pay.
    await buyer.goto(`/car/${car.slug}`);
    await buyer.getByRole('button', { name: 'Save to Favourites' }).click();
    await buyer.goto('/cart');
    const credit = buyer.getByRole('region', { name: 'Trade-in credit' });
    await credit.getByRole('checkbox', { name: /^KES 850,000 for your 2015 Toyota Axio, 120,000 km \(OFR-\d{5}\)$/ }).check();
    await expect(credit.getByRole('group', { name: 'To pay' })).toContainText('KES 1,550,000');
    await buyer.getByRole('button', { name: 'Reserve — pay at the showroom' }).click();
    await expect(buyer.getByRole('region', { name: 'Cars reserved' })).toBeVisible();
    await buyer.goto('/dashboard/user/order');
    const mine = buyer.getByRole('article').filter({ hasText: car.name });
    await expect(mine.getByRole('definition').filter({ hasText: /^OFR-\d{5}: −KES 850,000$/ })).toBeVisible();
    await expect(mine).toContainText('KES 1,550,000');

    // Delivered, with its costs recorded: the owner reads its margin in Reports.
    await asOwner(request, 'car.addCost', { carId: car.id, cost: { kind: 'purchase', amount: 1_900_000 } });
    const orders = (await asOwner(request, 'order.all', { search: customer.email, page: 1 }, 'GET')) as { items: { id: string }[] };
    await asOwner(request, 'order.setStatus', { orderId: orders.items[0].id, status: 'deliverd' });
    await page.goto('/dashboard/admin/reports');
    const sold = page.getByRole('table', { name: 'Margin per car sold' }).getByRole('row').filter({ hasText: car.name });
    await expect(sold).toContainText('KES 2,400,000');
    await expect(sold).toContainText('KES 1,900,000');
    await expect(sold).toContainText('KES 500,000');

    // The Axio entered the stock: listed from "Trade-ins to list", its photo and details filled in,
    // its purchase cost the offer.
    await page.goto('/dashboard/admin/cars');
    const tradeIn = page.getByRole('region', { name: 'Trade-ins to list' }).getByRole('article', { name: '2015 Toyota Axio, 120,000 km' });
    await tradeIn.getByRole('link', { name: 'Create listing: 2015 Toyota Axio, 120,000 km' }).click();
    await expect(page.getByText(/^Listing a trade-in: 2015 Toyota Axio, 120,000 km \(OFR-\d{5}\)$/)).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Picture 1, main picture' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Car Brand/ })).toHaveValue('Toyota');
    await expect(page.getByRole('textbox', { name: /^Year of Manufacture/ })).toHaveValue('2015');
    const listedName = `Toyota Axio ${testInfo.project.name} ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: /^Car Name/ }).fill(listedName);
    await page.getByRole('textbox', { name: /^Car Price/ }).fill('1150000');
    await choose(page, 'Body Type', 'Sedan');
    await choose(page, 'Fuel Type', 'Petrol');
    await choose(page, 'Transmission Type', 'Automatic');
    await page.getByRole('textbox', { name: /^Engine Size/ }).fill('1500');
    await choose(page, 'Drive Type', '2 WD');
    await page.getByRole('textbox', { name: /^Car Description/ }).fill('Traded in at the showroom: one owner.');
    await page.getByRole('button', { name: 'Create Car', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/cars/);
    await expect(page.getByRole('region', { name: 'Trade-ins to list' })).toHaveCount(0);
    const listed = (await asOwner(request, 'car.manage', { search: listedName }, 'GET')) as { items: { id: string; slug: string }[] };
    cars.push({ id: listed.items[0].id, slug: listed.items[0].slug, name: listedName, price: 1_150_000 });
    await page.goto(`/dashboard/admin/car/${listed.items[0].slug}`);
    const purchase = page.getByRole('table', { name: 'Costs of the car' }).getByRole('row').filter({ hasText: 'Purchase' });
    await expect(purchase).toContainText('KES 850,000');
    await expect(purchase).toContainText(/OFR-\d{5}/);
    expect(pageProblems).toEqual([]);
  } finally {
    await phoneContext.close();
    await removeCars(request, cars).catch(() => undefined);
  }
});
