import { violationsOf } from '../support/axe';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { adminToken, makeCars, removeCars } from '../support/made-cars';

/*
 * Buyers' alerts (issue 30): a saved search of /cars and a price watch of the favourites, signed up
 * with an email address (double opt-in: the confirmation link first), told through the outbox on
 * the loopback SMTP stub, at most one message a day, each with an unsubscribe link that needs no
 * sign-in and acts on one click. Real server (alerts dispatched every second), real database.
 */

/** The path and query of the first link to `path` in a message's text (the server's PUBLIC_URL is not the test's address). */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${path.replace(/\//g, '\\/')}\\?token=[^\\s\\])>"]+)`).exec(text);
  if (!match) throw new Error(`No link to ${path} in: ${text}`);
  return match[1];
}

/** Signs up the contact on the alert page in view, then confirms it through the emailed link. */
async function signUpAndConfirm(
  page: Page,
  email: string,
  mail: { waitFor: (match: (m: { to: string[]; subject: string; text: string }) => boolean, timeoutMs?: number) => Promise<{ text: string }> },
) {
  await page.getByRole('textbox', { name: /Your email or phone/ }).fill(email);
  await page.getByRole('button', { name: 'Get alerts' }).click();
  await expect(page.getByText('Check your messages')).toBeVisible();
  const confirmation = await mail.waitFor((m) => m.to.includes(email) && m.subject === 'Confirm your car alerts');
  await page.goto(linkIn(confirmation.text, '/alerts/confirm'));
  // Opening the link starts nothing (a mail scanner's visit): the click does.
  await page.getByRole('button', { name: 'Start my alerts' }).click();
  await expect(page.getByText('Your alerts are on')).toBeVisible();
}

test('a saved search gets its message when staff add a matching car, and its link unsubscribes without signing in', async ({
  page,
  request,
  mail,
  pageProblems,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `Srch${Date.now().toString(36)}${testInfo.project.name}`;
  const email = `${tag.toLowerCase()}@buyer.test`;

  await page.goto(`/cars?search=${tag}`);
  await page.getByRole('link', { name: 'Get alerts for this search' }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts/search\\?search=${tag}$`));
  await expect(page.getByText(`new cars: "${tag}"`)).toBeVisible();
  await signUpAndConfirm(page, email, mail);

  // The staff add a car the search matches (its name holds the searched text).
  const [car] = await makeCars(request, testInfo, [1_350_000], tag);
  try {
    const digest = await mail.waitFor((m) => m.to.includes(email) && m.subject === '1 new car matches your search', 30_000);
    expect(digest.text).toContain(car.name);
    expect(digest.text).toContain(`/car/${car.slug}`);

    await page.goto(linkIn(digest.text, '/alerts/unsubscribe'));
    await expect(page.getByText(`Search: "${tag}"`)).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You are unsubscribed')).toBeVisible();
    await page.reload();
    await expect(page.getByText('There are no alerts to stop')).toBeVisible();
  } finally {
    await removeCars(request, [car]);
  }
  expect(pageProblems).toEqual([]);
});

test('a price drop on a favourited car sends exactly one message', async ({ page, request, mail, pageProblems }, testInfo) => {
  test.setTimeout(90_000);
  const tag = `Drop${Date.now().toString(36)}${testInfo.project.name}`;
  const email = `${tag.toLowerCase()}@buyer.test`;
  const [car] = await makeCars(request, testInfo, [1_200_000], tag);
  try {
    await page.goto(`/car/${car.slug}`);
    await page.getByRole('button', { name: 'Save to Favourites' }).click();
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Tell me when they drop in price' }).click();
    await expect(page).toHaveURL(/\/alerts\/watch\?favourites=1$/);
    await expect(page.getByRole('heading', { name: 'Tell me if the price drops' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: car.name })).toBeVisible();
    await signUpAndConfirm(page, email, mail);

    // The staff lower the price, twice in a day.
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const lowered = await request.post('/trpc/car.update', { headers, data: { id: car.id, price: 1_100_000 } });
    expect(lowered.ok(), await lowered.text()).toBe(true);
    const drop = await mail.waitFor((m) => m.to.includes(email) && m.subject === '1 price drop', 30_000);
    expect(drop.text).toContain('now KES 1,100,000 (was KES 1,200,000)');
    expect(drop.text).toContain('/alerts/unsubscribe?token=');

    const again = await request.post('/trpc/car.update', { headers, data: { id: car.id, price: 1_050_000 } });
    expect(again.ok(), await again.text()).toBe(true);
    // Several dispatch runs (one a second) later, the second drop is still held for the next day.
    await page.waitForTimeout(5_000);
    expect(mail.mails.filter((m) => m.to.includes(email) && m.subject.includes('price drop'))).toHaveLength(1);
  } finally {
    await removeCars(request, [car]);
  }
  expect(pageProblems).toEqual([]);
});

test("a car page's 'Tell me if the price drops' watches that car's price; the mail app's one-click unsubscribe ends it", async ({
  page,
  request,
  mail,
  pageProblems,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `Watch${Date.now().toString(36)}${testInfo.project.name}`;
  const email = `${tag.toLowerCase()}@buyer.test`;
  const [car] = await makeCars(request, testInfo, [2_400_000], tag);
  try {
    await page.goto(`/car/${car.slug}`);
    await page.getByRole('link', { name: 'Tell me if the price drops' }).click();
    await expect(page).toHaveURL(new RegExp(`/alerts/watch\\?car=${car.id}$`));
    await expect(page.getByText(`the price of the ${car.name}`)).toBeVisible();
    await signUpAndConfirm(page, email, mail);

    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const lowered = await request.post('/trpc/car.update', { headers, data: { id: car.id, price: 2_250_000 } });
    expect(lowered.ok(), await lowered.text()).toBe(true);
    const drop = await mail.waitFor((m) => m.to.includes(email) && m.subject === '1 price drop', 30_000);
    expect(drop.text).toContain('now KES 2,250,000 (was KES 2,400,000)');

    // The mail app's own Unsubscribe button (RFC 8058): it posts to the header's address, no page, no sign-in.
    // (The lines unfolded: a long header goes on over several.)
    const lines = new Map(drop.parsed.headerLines.map(({ key, line }) => [key, line.replace(/\r?\n/g, '')]));
    expect(lines.get('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const oneClick = /^List-Unsubscribe: <https?:\/\/[^/]+(\/api\/alerts\/unsubscribe\?token=[^>]+)>$/.exec(lines.get('list-unsubscribe') ?? '');
    if (!oneClick) throw new Error(`No one-click address in: ${lines.get('list-unsubscribe')}`);
    const posted = await request.post(oneClick[1], { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(posted.status()).toBe(200);
    expect(await posted.json()).toEqual({ removed: 1 });
    await page.goto(linkIn(drop.text, '/alerts/unsubscribe'));
    await expect(page.getByText('There are no alerts to stop')).toBeVisible();
  } finally {
    await removeCars(request, [car]);
  }
  expect(pageProblems).toEqual([]);
});

test('the alert pages have no WCAG 2.1 A or AA violations that axe finds', async ({ page }) => {
  // The forms (a search, a car's price), a link naming no car, and a confirmation link's page.
  const paths = [
    '/alerts/search?type=SUV&fuel=Diesel',
    '/alerts/watch?car=0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
    '/alerts/watch?car=nope',
    '/alerts/confirm?token=c.x.y',
  ];
  expect(await violationsOf(page, paths)).toEqual([]);
});
