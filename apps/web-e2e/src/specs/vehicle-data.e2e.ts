import type { Page, TestInfo } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { E2E_ADMIN, submitLogin } from '../support/account';
import { escapeRegExp } from '../support/api';
import { choose } from '../support/car-form';
import { closeFilters, showFilters } from '../support/catalogue';
import { expect, test } from '../support/fixtures';

/*
 * Vehicle data (issue 30): staff add a car with its model, colours, stock number and VIN through
 * the back office; the public car page shows them, server-rendered, with only the VIN's last 6
 * characters; the /cars model filter finds the car. Real server, real database, real browser.
 */

let pictures: string;

test.beforeAll(async () => {
  pictures = mkdtempSync(join(tmpdir(), 'e2e-vehicle-'));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="100%" height="100%" fill="#2a6f4f"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toFile(join(pictures, 'leaf.jpg'));
});

test.afterAll(() => rmSync(pictures, { recursive: true, force: true }));

/** Values no other test or viewport uses: every test of a worker shares one database. */
function uniqueCar(testInfo: TestInfo) {
  const tag = `${testInfo.project.name.slice(0, 5)}${Date.now().toString(36).slice(-6)}`.toUpperCase();
  const serial = String(Date.now()).slice(-6);
  return {
    name: `Toyota Land Cruiser Prado TX ${tag}`,
    stockNumber: `VD-${tag}`,
    // 17 characters, no I, O or Q: a VIN.
    vin: `JTEBU3FJ${tag.slice(-3).replace(/[IOQ]/g, '7')}${serial}`.padEnd(17, '0').slice(0, 17),
  };
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}`)).and(page.locator('input, textarea'));

test.describe('vehicle data', () => {
  test('staff add a car with model, colours, stock number and VIN; the public page shows them with the VIN masked', async ({
    page,
    browser,
    request,
    pageProblems,
  }, testInfo) => {
    test.setTimeout(120_000);
    const car = uniqueCar(testInfo);
    const vinEnd = car.vin.slice(-6);

    await page.goto('/login');
    await submitLogin(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/admin/create-product');
    await choose(page, 'Car Brand', 'Toyota');
    await page.getByLabel('Car Images', { exact: true }).and(page.locator('input[type=file]')).setInputFiles(join(pictures, 'leaf.jpg'));
    await expect(page.getByText('Uploading Images. Please Wait...')).toBeHidden({ timeout: 20_000 });
    await field(page, 'Car Name').fill(car.name);
    await field(page, 'Model').fill('Land Cruiser Prado');
    await field(page, 'Car Price').fill('6900000');
    await choose(page, 'Body Type', 'SUV');
    await choose(page, 'Condition', 'Foreign Used');
    await field(page, 'Stock Number').fill(car.stockNumber.toLowerCase());
    await field(page, 'Exterior Colour').fill('Pearl White');
    await field(page, 'Interior Colour').fill('Beige');
    await field(page, 'Warranty').fill('6 months / 10,000 km');
    // A chassis number without its hyphen is refused on its field, before anything is sent.
    await field(page, 'Chassis No. / VIN').fill('NZE161 1234567');
    await choose(page, 'Fuel Type', 'Hybrid');
    await choose(page, 'Transmission Type', 'Automatic');
    await field(page, 'Engine Size').fill('2800');
    await field(page, 'Car Mileage').fill('49000');
    await field(page, 'Year of Manufacture').fill('2019');
    await choose(page, 'Drive Type', '4 WD');
    await field(page, 'Car Description').fill('Fresh import, one owner, full service history.');
    await page.getByRole('button', { name: 'Create Car', exact: true }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /^chassisNumber must be a 17-character VIN/ })
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/create-product$/);
    await field(page, 'Chassis No. / VIN').fill(car.vin.toLowerCase());
    await page.getByRole('button', { name: 'Create Car', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Car Created Successfully' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/cars/);

    // Staff see the whole VIN when they edit the car.
    await page.goto(`/dashboard/admin/cars?search=${encodeURIComponent(car.name)}`);
    const publicPath = await page
      .getByRole('article', { name: car.name })
      .getByRole('link', { name: `View ${car.name}` })
      .getAttribute('href');
    expect(publicPath).toMatch(/^\/car\/[a-z0-9-]+$/);
    await page.getByRole('link', { name: `Update ${car.name}` }).click();
    await expect(field(page, 'Chassis No. / VIN')).toHaveValue(car.vin);
    await expect(field(page, 'Stock Number')).toHaveValue(car.stockNumber);
    await expect(field(page, 'Model')).toHaveValue('Land Cruiser Prado');

    // A visitor (no session) opens the public page: the rows, the VIN only as its last 6.
    const visitor = await browser.newPage();
    try {
      await visitor.goto(publicPath as string);
      await expect(visitor.getByRole('heading', { level: 1, name: car.name })).toBeVisible();
      const specs = visitor.getByRole('region', { name: 'Technical Specifications' });
      const rows: [string, string][] = [
        ['Condition', 'Foreign Used'],
        ['Body Type', 'SUV'],
        ['Colour', 'Pearl White'],
        ['Warranty', '6 months / 10,000 km'],
        ['Stock No.', car.stockNumber],
        ['Chassis No. (last 6)', vinEnd],
        ['Fuel Type', 'Hybrid'],
      ];
      for (const [label, value] of rows) {
        const row = specs.locator('div').filter({ has: visitor.getByText(label, { exact: true }) });
        await row.scrollIntoViewIfNeeded();
        await expect(row.getByText(value, { exact: true })).toBeVisible();
      }
      await expect(visitor.getByText(car.vin)).toHaveCount(0);
      // A hybrid's duty estimate is a petrol one, by engine size.
      await visitor.getByRole('link', { name: 'Import duty on a car like this' }).click();
      await expect(visitor).toHaveURL(/\/import-duty\?registered=2019-01&cc=2800&fuel=hybrid$/);
      await expect(visitor.getByRole('combobox', { name: 'Fuel' })).toHaveValue('petrol');
    } finally {
      await visitor.close();
    }

    // Server-rendered: the first HTML has the rows, and the whole VIN nowhere (markup or page data).
    const html = await (await request.get(publicPath as string)).text();
    expect(html).toContain(car.stockNumber);
    expect(html).toContain('Pearl White');
    expect(html).toContain(vinEnd);
    expect(html).not.toContain(car.vin);

    // The model filter of /cars: Toyota's models from the server, the URL keeps the choice.
    await page.goto('/cars?brands=toyota');
    const panel = await showFilters(page);
    const modelSelect = panel.getByRole('combobox', { name: 'Model' });
    await expect(modelSelect.getByRole('option', { name: /^Land Cruiser Prado \(\d+\)$/ })).toHaveCount(1);
    await modelSelect.selectOption('land-cruiser-prado');
    await expect(page).toHaveURL(/\/cars\?brands=toyota&model=land-cruiser-prado$/);
    await closeFilters(page);
    await expect(page.getByRole('article', { name: car.name })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: /Harrier|Corolla|Vitz/ })).toHaveCount(0);
    // The shared address renders on the server with the model chosen and the list narrowed.
    const listing = await (await request.get('/cars?brands=toyota&model=land-cruiser-prado')).text();
    expect(listing).toContain(car.name);
    expect(listing).toMatch(/<option value="land-cruiser-prado"[^>]*selected[^>]*>Land Cruiser Prado \(\d+\)<\/option>/);
    expect(listing).not.toContain('Toyota Harrier');
    expect(pageProblems).toEqual([]);
  });
});
