import { amount } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { adminToken, makeCars, removeCars } from '../support/made-cars';

/*
 * Small things buyers expect (issue 30): share a car to WhatsApp and Facebook or copy its link,
 * find the cars they opened again under "Recently viewed" on the home and car pages, and see what
 * sold lately on /cars, each sold car's page marked Sold with similar cars.
 */
test.describe('share a car and recently viewed', () => {
  test('the share links carry the car and copying its link says so', async ({ page, context, apiCars, pageProblems, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const car = apiCars[0];
    await page.goto(`/car/${car.slug}`);
    const share = page.getByRole('group', { name: 'Share this car:' });
    const whatsapp = share.getByRole('link', { name: 'WhatsApp' });
    const href = await whatsapp.getAttribute('href');
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const text = decodeURIComponent(new URL(href ?? '').searchParams.get('text') ?? '');
    expect(text).toContain(car.name);
    expect(text).toContain(`KES ${amount(car.price)}`);
    expect(text).toMatch(new RegExp(`https?://[^ ]+/car/${car.slug}$`));
    const facebook = await share.getByRole('link', { name: 'Facebook' }).getAttribute('href');
    expect(new URL(facebook ?? '').origin + new URL(facebook ?? '').pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(new URL(facebook ?? '').searchParams.get('u')).toMatch(new RegExp(`/car/${car.slug}$`));

    await share.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/car/${car.slug}$`));
    // The links are in the server's HTML: they work before (or without) the page's script.
    const html = await (await request.get(`/car/${car.slug}`)).text();
    expect(html).toContain('href="https://wa.me/?text=');
    expect(html).toContain('href="https://www.facebook.com/sharer/sharer.php?u=');
    expect(pageProblems).toEqual([]);
  });

  test('two cars viewed show on the home page, newest first, and on the car pages without themselves', async ({ page, apiCars, pageProblems }) => {
    const [first, second] = apiCars;
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);

    // The share buttons are server-rendered; the view is noted by their code, which loads after the
    // page, and says so on them once stored: each page is left only then.
    const share = page.getByRole('group', { name: 'Share this car:' });
    await page.goto(`/car/${first.slug}`);
    await expect(share).toHaveAttribute('data-viewed-noted', first.slug);
    await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);
    await page.goto(`/car/${second.slug}`);
    const onCarPage = page.getByRole('region', { name: 'Recently viewed' });
    await expect(onCarPage.getByRole('link')).toHaveCount(1);
    await expect(onCarPage.getByRole('link')).toHaveAttribute('href', `/car/${first.slug}`);
    await expect(share).toHaveAttribute('data-viewed-noted', second.slug);

    await page.goto('/');
    const onHome = page.getByRole('region', { name: 'Recently viewed' });
    await expect(onHome.getByRole('link')).toHaveCount(2);
    await expect(onHome.getByRole('link').nth(0)).toHaveAttribute('href', `/car/${second.slug}`);
    await expect(onHome.getByRole('link').nth(0)).toContainText(`KES ${amount(second.price)}`);
    await expect(onHome.getByRole('link').nth(1)).toHaveAttribute('href', `/car/${first.slug}`);
    await onHome.getByRole('link').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/car/${first.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    expect(pageProblems).toEqual([]);
  });

  test('a car just sold is in the Recently sold strip of /cars and its page says Sold with similar cars', async ({ page, request, pageProblems }, testInfo) => {
    const [car] = await makeCars(request, testInfo, [2_350_000], 'Sold');
    try {
      const headers = { authorization: `Bearer ${await adminToken(request)}` };
      const sold = await request.post('/trpc/car.update', { headers, data: { id: car.id, status: 'Sold' } });
      expect(sold.ok(), await sold.text()).toBe(true);

      await page.goto('/cars');
      const strip = page.getByRole('region', { name: 'Recently sold' });
      const link = strip.getByRole('link', { name: new RegExp(car.name) });
      await expect(link).toContainText('Sold');
      await expect(link).toContainText(`KES ${amount(car.price)}`);
      // The listing itself no longer offers it.
      await expect(page.getByRole('main').getByRole('heading', { name: car.name })).toHaveCount(0);

      await link.click();
      await expect(page).toHaveURL(new RegExp(`/car/${car.slug}$`));
      await expect(page.getByRole('heading', { level: 1, name: car.name })).toBeVisible();
      await expect(page.getByText('Sold', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('This car has been sold, so it cannot be saved or ordered.', { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save to Favourites' })).toBeDisabled();
      const similar = page.getByRole('region', { name: /^Similar .* Vehicles$/ });
      await expect(similar.getByRole('link', { name: /^View Details of / }).first()).toBeVisible();
      expect(pageProblems).toEqual([]);
    } finally {
      await removeCars(request, [car]);
    }
  });
});
