// Every kind of public page at a phone's 390 px. The flows run once, at the width whose layout they
// test (most at the desktop's); this loads each public page type on the phone and checks what a
// buyer on one sees first: the page's heading on screen, nothing wider than the screen, no error.
import { expect, PHONE, test } from '../support/fixtures';

test.use(PHONE);

test('each kind of public page fits a phone: its heading shows, nothing scrolls the page sideways, no console error', async ({
  page,
  apiCars,
  apiBrands,
  pageProblems,
}) => {
  // Twenty-one pages at about a second each on a quiet machine (the accessibility audits allow as much).
  test.setTimeout(180_000);
  const car = apiCars[0];
  const brand = apiBrands.find((b) => b.slug === 'toyota') ?? apiBrands[0];
  const pages: [path: string, status: number][] = [
    ['/', 200],
    ['/cars', 200],
    [`/car/${car.slug}`, 200],
    ['/brands', 200],
    [`/brand/${brand.slug}`, 200],
    ['/cars/under/1-million', 200],
    ['/cars/body/suv', 200],
    ['/car-search?search=land%20cruiser', 200],
    ['/about', 200],
    ['/contact', 200],
    ['/services', 200],
    ['/import-duty?crsp=3000000&registered=2022-05&cc=1500&fuel=petrol', 200],
    ['/financing?price=1000000&deposit=0&months=48&rate=14.5', 200],
    [
      `/compare?cars=${apiCars
        .slice(0, 3)
        .map((c) => c.slug)
        .join(',')}`,
      200,
    ],
    ['/testimonials', 200],
    ['/privacy-policy', 200],
    ['/terms', 200],
    ['/login', 200],
    ['/register', 200],
    ['/cart', 200],
    ['/no/such/page', 404],
  ];
  for (const [path, status] of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  }
  // Chromium logs the unknown page's own 404 status as a console error: that one is expected.
  expect(pageProblems.filter((problem) => !/status of 404 .* @ .*\/no\/such\/page$/.test(problem))).toEqual([]);
});
