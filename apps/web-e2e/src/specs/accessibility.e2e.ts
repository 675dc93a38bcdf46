// The public pages against WCAG 2.1 A and AA, as axe-core checks them in the browser (contrast,
// names, heading order, landmarks...): the audit Lighthouse's accessibility score is made of.
import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN, submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';

test('the public pages have no WCAG 2.1 A or AA violations that axe finds', async ({ page, apiCars, apiBrands, pageProblems }) => {
  // Seventeen pages, each audited in the page (about 2 s each on the test machines).
  test.setTimeout(180_000);
  const car = apiCars[0];
  const brand = apiBrands.find((b) => b.slug === 'toyota') ?? apiBrands[0];
  const paths = [
    '/',
    '/cars',
    `/car/${car.slug}`,
    '/brands',
    `/brand/${brand.slug}`,
    '/about',
    '/contact',
    '/services',
    '/import-duty?crsp=3000000&registered=2022-05&cc=1500&fuel=petrol',
    '/financing?price=1000000&deposit=0&months=48&rate=14.5',
    `/compare?cars=${apiCars
      .slice(0, 3)
      .map((c) => c.slug)
      .join(',')}`,
    '/testimonials',
    '/privacy-policy',
    '/terms',
    '/login',
    '/register',
    '/cart',
  ];
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForSelector('html[data-interactive]');
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const violation of violations) {
      found.push(`${path}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`);
    }
  }
  expect(found).toEqual([]);
  expect(pageProblems).toEqual([]);
});

test('the back office and the account pages have no WCAG 2.1 A or AA violations that axe finds', async ({ page, pageProblems }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);
  const paths = [
    '/dashboard/admin',
    '/dashboard/admin/cars',
    '/dashboard/admin/allbrands',
    '/dashboard/admin/create-brand',
    '/dashboard/admin/create-product',
    '/dashboard/admin/userorders',
    '/dashboard/admin/activity',
    '/dashboard/admin/leads',
    '/dashboard/admin/testimonials',
    '/dashboard/admin/settings',
    '/dashboard/user',
    '/dashboard/user/order',
    '/dashboard/user/profile',
  ];
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForSelector('html[data-interactive]');
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      // Known and left: Mantine's Dropzone is a role="button" around its file input (nested-interactive),
      // named by our label rather than its visible text (label-content-name-mismatch). README, "Accessibility".
      .exclude('.mantine-Dropzone-root')
      .analyze();
    for (const violation of violations) {
      found.push(`${path}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`);
    }
  }
  expect(found).toEqual([]);
  expect(pageProblems).toEqual([]);
});
