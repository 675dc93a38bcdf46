import { readFile } from 'node:fs/promises';
import { E2E_ADMIN, submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';

/*
 * The owner's reports (issue 28): the figures of leads, sales and stock on one page, and the
 * leads list as a CSV file that Excel opens (UTF-8 with a byte-order mark, quoted).
 */
test('the owner reads the reports and exports the leads as CSV with the right rows', async ({ page, request, pageProblems }, testInfo) => {
  test.setTimeout(60_000);
  // A buyer's enquiry with a comma and quotes in the name: the CSV must quote it.
  const name = `Wanjiku "Shiru" Kamau, ${testInfo.project.name} ${Date.now().toString(36)}`;
  const sent = await request.post('/trpc/lead.create', {
    headers: { 'x-forwarded-for': `10.66.${testInfo.workerIndex}.${Date.now() % 250}` },
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
  expect(lines[0]).toBe('Received,Kind,Status,Name,Phone,Email,Car,Assignee,First response,Follow up on,Message,Latest note');
  const row = lines.find((line) => line.includes('Shiru'));
  expect(row).toContain(`,Enquiry,New,"${name.replace(/"/g, '""')}",+254712345678,`);
  expect(row).toContain(',Is the Prado still available?,');
  expect(pageProblems).toEqual([]);
});
