// Every public page against WCAG 2.1 A and AA, as axe-core checks them in the browser (contrast, names,
// heading order, landmarks...): the audit Lighthouse's accessibility score is made of. The back
// office's and the account pages' are in accessibility-back-office.e2e.ts (a file each: the two
// run on both workers at once).
import { isPhoneProject, violationsOf } from '../support/axe';
import { expect, test } from '../support/fixtures';

test('the public pages have no WCAG 2.1 A or AA violations that axe finds', async ({ page, apiCars, apiBrands, pageProblems }, testInfo) => {
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
  // The phone: the header's menu (on every page), the catalogue's collapsed filters, the car page,
  // a lead form and the sign-in form in their one-column layouts.
  const phonePaths = ['/', '/cars', `/car/${car.slug}`, '/contact', '/login'];
  expect(await violationsOf(page, isPhoneProject(testInfo.project.name) ? phonePaths : paths)).toEqual([]);
  expect(pageProblems).toEqual([]);
});
