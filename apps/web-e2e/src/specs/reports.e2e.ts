import { readFile } from 'node:fs/promises';
import { E2E_ADMIN, submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';
import { adminToken, makeCars, removeCars } from '../support/made-cars';

/** A buyer's phone: headless Chromium says it is a robot, and robots' views are not counted. */
const PHONE_BROWSER = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/*
 * The owner's reports (issue 28): the figures of leads, sales and stock on one page, and the
 * leads list as a CSV file that Excel opens (UTF-8 with a byte-order mark, quoted).
 */
test('the owner reads the reports and exports the leads as CSV with the right rows', async ({ page, request, pageProblems }, testInfo) => {
  test.setTimeout(60_000);
  // A buyer's enquiry with a comma and quotes in the name: the CSV must quote it.
  const name = `Wanjiku "Shiru" Kamau, ${testInfo.project.name} ${Date.now().toString(36)}`;
  const sent = await request.post('/trpc/lead.create', {
    data: { kind: 'enquiry', name, phone: '0712 345 678', consent: true, message: 'Is the Prado still available?' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/admin/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  for (const section of ['Leads per week', 'First response by salesperson', 'Leads won', 'Sales per month', 'Reservations ended', 'Stock age']) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Stock age' })).toContainText('cars in stock');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export all leads (CSV)' }).click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toBe('Received,Kind,Status,Name,Phone,Email,Car,Assignee,First response,Follow up on,Message,Latest note,Source page');
  const row = lines.find((line) => line.includes('Shiru'));
  // A phone's + (like any cell a spreadsheet would run as a formula) is kept as text.
  expect(row).toContain(`,Enquiry,New,"${name.replace(/"/g, '""')}",'+254712345678,`);
  expect(row).toContain(',Is the Prado still available?,');
  expect(pageProblems).toEqual([]);
});

/*
 * Where leads come from and what buyers look at (issue 28): a visitor's view of a car page counts
 * for the car (once a day), and the enquiry they send from it is counted for the car pages and
 * for that car in the owner's reports.
 */
test("a buyer's view of a car and the enquiry sent from its page show in the owner's reports", async ({
  page,
  browser,
  baseURL,
  request,
  pageProblems,
}, testInfo) => {
  test.setTimeout(90_000);
  const [car] = await makeCars(request, testInfo, [1_450_000], 'Viewed');
  try {
    const name = `Halima ${testInfo.project.name} ${Date.now().toString(36)}`;
    const buyer = await browser.newContext({ userAgent: PHONE_BROWSER });
    const visitor = await buyer.newPage();
    await visitor.goto(new URL(`/car/${car.slug}`, baseURL).href);
    await visitor.reload(); // the same buyer again today: still one view
    await visitor.waitForSelector('html[data-interactive]');
    await visitor.getByRole('button', { name: 'Ask about this car' }).click();
    const dialog = visitor.getByRole('dialog', { name: `Ask about the ${car.name}` });
    await dialog.getByRole('textbox', { name: /Your name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /Phone/ }).fill('0712 345 678');
    await dialog.getByRole('checkbox', { name: /I agree/ }).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Thank you, we have your message')).toBeVisible();
    await buyer.close();

    // The lead knows its page (the browser's Referer, nothing the page had to send).
    const found = await request.get(`/trpc/lead.list?input=${encodeURIComponent(JSON.stringify({ search: name }))}`, {
      headers: { authorization: `Bearer ${await adminToken(request)}` },
    });
    const items = ((await found.json()) as { result: { data: { items: { sourcePage: string | null }[] } } }).result.data.items;
    expect(items.map((item) => item.sourcePage)).toEqual([`/car/${car.slug}`]);

    // Views reach the counters within a few seconds (each instance adds its own up every 5 s): wait
    // for the server to report this car's view, then open the page once (reloading the reports page
    // on a short clock failed on a busy machine, where the page alone took longer to come).
    const token = await adminToken(request);
    await expect
      .poll(
        async () => {
          const answer = await request.get('/trpc/car.mostViewed', { headers: { authorization: `Bearer ${token}` } });
          const cars = ((await answer.json()) as { result: { data: { cars: { id: string; views: number }[] } } }).result.data.cars;
          return cars.find((viewed) => viewed.id === car.id)?.views ?? 0;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await page.goto('/login');
    await submitLogin(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/admin/reports');
    const row = page.getByRole('table', { name: 'Most viewed cars this month' }).getByRole('row', { name: new RegExp(car.name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell')).toHaveText([car.name, '1', '1', /KES 1,450,000/]);
    await expect(page.getByRole('region', { name: 'Leads by source page' })).toContainText(/Car pages: \d+/);
    expect(pageProblems).toEqual([]);
  } finally {
    await removeCars(request, [car]);
  }
});
