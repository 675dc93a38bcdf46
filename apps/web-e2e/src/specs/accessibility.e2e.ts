// Every public page against WCAG 2.1 A and AA, as axe-core checks them in the browser (contrast, names,
// heading order, landmarks...): the audit Lighthouse's accessibility score is made of. The back
// office's and the account pages' are in accessibility-back-office.e2e.ts (a file each: the two
// run on both workers at once). Axe checks the document, which is the same at every width except
// for the layout's own parts: the desktop audits every page, the phone the pages that carry each of
// its layout's parts once.
import { violationsOf } from '../support/axe';
import { expect, PHONE, test } from '../support/fixtures';

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
  expect(await violationsOf(page, paths)).toEqual([]);
  expect(pageProblems).toEqual([]);
});

test.describe('at phone width', () => {
  test.use(PHONE);
  test('the phone layout of the public pages has no WCAG 2.1 A or AA violations that axe finds', async ({ page, apiCars, pageProblems }) => {
    // The header's menu (on every page), the catalogue's collapsed filters, the car page, a lead
    // form and the sign-in form in their one-column layouts.
    const phonePaths = ['/', '/cars', `/car/${apiCars[0].slug}`, '/contact', '/login'];
    expect(await violationsOf(page, phonePaths)).toEqual([]);
    expect(pageProblems).toEqual([]);
  });
});
