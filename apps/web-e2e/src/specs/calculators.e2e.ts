import type { Page } from '@playwright/test';
import { E2E_ADMIN, submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';

/*
 * The buyer's two questions before the price (issue 14): what will it cost landed, and what a
 * month. Both calculators keep their inputs in the URL and hold the vectors in the page.
 */

/** The month 4 years and 6 months before today (YYYY-MM): the vector's 50% depreciation band. */
function registeredFourAndAHalfYearsAgo(): string {
  const now = new Date();
  const month = now.getUTCFullYear() * 12 + now.getUTCMonth() - 54;
  return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
}

/** The amount on a labelled line of a result table. */
const line = (page: Page, table: string, label: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row', { name: new RegExp(`^${label}\\b`) })
    .getByRole('cell');

test('the duty estimator shows the KRA vector line by line, and an edit goes into the URL', async ({ page, pageProblems }) => {
  await page.goto(`/import-duty?crsp=3000000&registered=${registeredFourAndAHalfYearsAgo()}&cc=1500&fuel=petrol`);
  await expect(page.getByRole('heading', { level: 1, name: 'Import duty estimator' })).toBeVisible();
  const expected: [string, string][] = [
    ['Customs value', 'KES 1,500,000'],
    ['Import duty', 'KES 525,000'],
    ['Excise duty', 'KES 405,000'],
    ['VAT', 'KES 388,800'],
    ['IDF', 'KES 37,500'],
    ['RDL', 'KES 30,000'],
    ['Total', 'KES 1,386,300'],
  ];
  for (const [label, amount] of expected) await expect(line(page, 'Import duty estimate', label)).toHaveText(amount);
  await expect(page.getByText(/An estimate, using the KRA rates in force from 1 November 2026/)).toBeVisible();

  await page.getByRole('textbox', { name: 'CRSP value (KES)' }).fill('2000000');
  await expect(page).toHaveURL(/crsp=2000000/);
  await expect(line(page, 'Import duty estimate', 'Customs value')).toHaveText('KES 1,000,000');

  // An electric car needs no engine size; one past the eight-year rule gets the rule instead of a figure.
  await page.getByRole('combobox', { name: 'Fuel' }).selectOption('electric');
  await expect(page).toHaveURL(/fuel=electric/);
  await expect(page.getByText('An electric car needs no engine size.')).toBeVisible();
  await expect(line(page, 'Import duty estimate', 'Excise duty')).toHaveText('KES 135,000');
  await page.getByRole('combobox', { name: 'Year of first registration' }).selectOption(String(new Date().getUTCFullYear() - 9));
  await expect(page.getByRole('status').filter({ hasText: 'No estimate for this car' })).toContainText(
    'Kenya admits used cars first registered less than eight years before they arrive',
  );

  // Server-rendered: the first response carries the figures for a crawler or a slow phone.
  const html = await (await page.request.get(`/import-duty?crsp=3000000&registered=${registeredFourAndAHalfYearsAgo()}&cc=1500&fuel=petrol`)).text();
  expect(html).toContain('KES 1,386,300');
  expect(pageProblems).toEqual([]);
});

test('a Foreign Used car page links to its duty estimate and its financing', async ({ page, pageProblems }) => {
  await page.goto('/car/toyota-land-cruiser-prado-tx-l-2-8-diesel');
  await page.getByRole('link', { name: 'Import duty on a car like this' }).click();
  await expect(page).toHaveURL(/\/import-duty\?registered=2019-01&cc=2800&fuel=diesel$/);
  await expect(page.getByText('Enter the CRSP value, the month of first registration and the engine size to see the estimate.')).toBeVisible();
  await page.getByRole('textbox', { name: 'CRSP value (KES)' }).fill('9000000');
  await expect(page.getByRole('status').filter({ hasText: 'No estimate for this car' })).toBeVisible();

  await page.goto('/car/toyota-land-cruiser-prado-tx-l-2-8-diesel');
  await page.getByRole('link', { name: 'Monthly instalment calculator' }).click();
  await expect(page).toHaveURL(/\/financing\?price=7600000&months=48$/);
  await expect(line(page, 'Financing quote', 'Amount financed')).toHaveText('KES 6,080,000');
  expect(pageProblems).toEqual([]);
});

test('the financing calculator shows the instalment and the total cost of credit of the vector', async ({ page, pageProblems }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Financing' }).click();
  await expect(page).toHaveURL(/\/financing$/);
  await expect(page.getByText("Enter the car's price to see the instalment.")).toBeVisible();

  await page.goto('/financing?price=1000000&deposit=0&months=48&rate=14.5');
  await expect(line(page, 'Financing quote', 'Monthly instalment')).toHaveText('KES 27,578');
  await expect(line(page, 'Financing quote', 'Total interest')).toHaveText('KES 323,742');
  await expect(line(page, 'Financing quote', 'Total cost of credit')).toHaveText('KES 323,742');
  await expect(page.getByText(/on a reducing balance/)).toBeVisible();

  // A rate typed key by key, its decimal point included (a buyer's thumb, not a paste).
  const rate = page.getByRole('textbox', { name: 'Interest rate (% a year)' });
  await rate.clear();
  await rate.pressSequentially('13.5');
  await expect(rate).toHaveValue('13.5');
  await expect(page).toHaveURL(/rate=13\.5(&|$)/);

  // A deposit as a percentage is written into the URL in KES.
  await page.getByRole('textbox', { name: 'Deposit (%)' }).fill('20');
  await expect(page).toHaveURL(/deposit=200000/);
  await expect(line(page, 'Financing quote', 'Amount financed')).toHaveText('KES 800,000');

  // "Apply" opens the financing application with the calculator's terms.
  await page.getByRole('button', { name: 'Apply for financing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply for financing' });
  await expect(dialog.getByRole('textbox', { name: 'Price (KES)' })).toHaveValue('1,000,000');
  await expect(dialog.getByRole('textbox', { name: 'Deposit (KES)' })).toHaveValue('200,000');
  await expect(dialog.getByRole('textbox', { name: 'Months to pay' })).toHaveValue('48');
  await expect(dialog.getByText('We never ask for your ID number or statements online: our staff collect them in person.')).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test('the staff schedule a new rate set and delete it again', async ({ page, pageProblems }, testInfo) => {
  // A date of its own per browser project: every test shares one database, and a date holds one set.
  const day = String(1 + (testInfo.project.name.length % 27) + (Date.now() % 2)).padStart(2, '0');
  const date = `2099-03-${day}`;
  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/admin/settings');
  await expect(page.getByRole('row', { name: 'Rates from 2026-11-01' }).getByText('In force')).toBeVisible();

  await page.getByRole('button', { name: 'New rate set' }).click();
  const dialog = page.getByRole('dialog', { name: 'New rate set' });
  await expect(dialog.getByRole('textbox', { name: 'Import duty' })).toHaveValue('35%');
  await dialog.getByLabel(/Takes effect on/).fill(date);
  // Exact: "Unpaid reservations per buyer" holds "vat" too.
  await dialog.getByRole('textbox', { name: 'VAT', exact: true }).fill('18');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Finance Bill proposal');
  await dialog.getByRole('button', { name: 'Save rate set' }).click();
  const row = page.getByRole('row', { name: `Rates from ${date}` });
  await expect(row.getByText('Scheduled')).toBeVisible();
  await expect(row.getByText('18%')).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete rate set' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  expect(pageProblems).toEqual([]);
});
