// The back office and the account pages against WCAG 2.1 A and AA (see accessibility.e2e.ts).
import { E2E_ADMIN, submitLogin } from '../support/account';
import { isPhoneProject, violationsOf } from '../support/axe';
import { expect, test } from '../support/fixtures';

test('the back office and the account pages have no WCAG 2.1 A or AA violations that axe finds', async ({ page, pageProblems }, testInfo) => {
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
    '/dashboard/admin/messages',
    '/dashboard/user',
    '/dashboard/user/order',
    '/dashboard/user/profile',
  ];
  // The phone: the admin menu's drawer, a table that stacks, a form, and the account area's menu.
  const phonePaths = ['/dashboard/admin', '/dashboard/admin/cars', '/dashboard/admin/create-product', '/dashboard/user/profile'];
  // Known and left: Mantine's Dropzone is a role="button" around its file input (nested-interactive),
  // named by our label rather than its visible text (label-content-name-mismatch). docs/architecture.md, "Accessibility".
  expect(await violationsOf(page, isPhoneProject(testInfo.project.name) ? phonePaths : paths, ['.mantine-Dropzone-root'], 'no-loaders')).toEqual([]);
  // Orders keep the pictures of cars other specs have since deleted with their media: those answer 404
  // (known and left: an order shows the picture it was made with); anything else the console reports fails the test.
  expect(pageProblems.filter((problem) => !/status of 404 \(Not Found\) @ \S+\/media\//.test(problem))).toEqual([]);
});
