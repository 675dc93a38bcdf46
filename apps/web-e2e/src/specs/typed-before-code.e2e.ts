// Nothing a person types or taps is lost while the page's or the form's code is still loading
// (issue 39): on a phone on a slow network a form is on screen (server-rendered, or the last page
// left there) before the code that sends it has run. Each form kind is filled the way a person
// would, its code held back (`holdCode`), then released: what was filled must arrive whole.
import type { Request } from '@playwright/test';
import { expect, PHONE, test } from '../support/fixtures';
import { holdCode } from '../support/held-code';
import { fillTradeIn, pickTradeInPhoto, TRADE_IN_CAR } from '../support/trade-in';

/** The input of a tRPC call as the app's batch link posts it (`{"0": input}`). */
function trpcInput(request: Request): unknown {
  return (request.postDataJSON() as Record<string, unknown>)['0'];
}

test.describe('forms filled before their code has run', () => {
  test.use(PHONE);
  test.beforeEach(() => test.setTimeout(90_000));

  test('a trade-in typed, chosen, given a photo, ticked and sent before the page and the form had code arrives whole', async ({ context }, testInfo) => {
    // A client address of its own: the lead and photo throttles count per address.
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': '10.39.0.1' });
    // The fixtures' `page` waits for the app after a load; this one is filled before.
    const page = await context.newPage();
    const releaseCode = await holdCode(page);
    await page.goto('/services', { waitUntil: 'commit' });

    // The trade-in form is a deferred part of /services: server-rendered, its code after the page's.
    const form = page.getByRole('form', { name: 'Trade-in estimate' });
    const name = `Baraka ${testInfo.project.name} ${Date.now().toString(36)}`;
    await fillTradeIn(form, name);
    await pickTradeInPhoto(form);
    await form.getByRole('checkbox', { name: /I agree/ }).tap();
    await form.getByRole('button', { name: 'Ask for an estimate' }).tap();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(false);

    const sent = page.waitForRequest((request) => request.url().includes('/trpc/lead.create') && request.method() === 'POST');
    releaseCode();
    expect(trpcInput(await sent)).toMatchObject({
      kind: 'trade-in',
      name,
      phone: '+254733444555',
      consent: true,
      details: { ...TRADE_IN_CAR, photos: [{ publicId: expect.stringMatching(/^leads\/fielder-/) }] },
    });
    await expect(page.getByText("Thank you, we have your car's details")).toBeVisible();
  });

  test('the import duty estimator typed and chosen into before the page had code estimates what was given', async ({ context }) => {
    const page = await context.newPage();
    const releaseCode = await holdCode(page);
    await page.goto('/import-duty', { waitUntil: 'commit' });
    const year = String(new Date().getUTCFullYear() - 3);

    // A form of the page itself: server-rendered, hydrated with the page.
    const form = page.getByRole('form', { name: 'The car' });
    await form.getByRole('textbox', { name: 'CRSP value (KES)' }).fill('3000000');
    await form.getByRole('combobox', { name: 'Month of first registration' }).selectOption('May');
    await form.getByRole('combobox', { name: 'Year of first registration' }).selectOption(year);
    await form.getByRole('combobox', { name: 'Fuel' }).selectOption('Diesel');
    await form.getByRole('textbox', { name: 'Engine size (cc)' }).fill('2000');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(false);

    releaseCode();
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    // The inputs live in the URL: every one given before the code is there.
    await expect(page).toHaveURL(/[?&]crsp=3000000(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]registered=${year}-05(&|$)`));
    await expect(page).toHaveURL(/[?&]fuel=diesel(&|$)/);
    await expect(page).toHaveURL(/[?&]cc=2000(&|$)/);
    await expect(page.getByRole('table', { name: 'Import duty estimate' })).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Fuel' })).toHaveValue('diesel');
  });

  test('an email typed at a person’s speed on a page reached by a link while its code loads is the one sent', async ({ page }, testInfo) => {
    const address = `wanjiku.${testInfo.project.name}.${Date.now().toString(36)}@example.com`;
    await page.goto('/login');
    // From here the chunks a link asks for are held: "Forgot your password?" needs its page's.
    const releaseCode = await holdCode(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).tap();
    await expect(page).toHaveURL(/\/forgot-password$/);

    // A person types into the Email field on screen as soon as there is one, about 1 s for the
    // address; the page's code arrives when it arrives, here once they typed or a loader shows.
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    const typed = email.pressSequentially(address, { delay: 40 });
    await Promise.race([typed, page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor()]);
    releaseCode();
    await typed;

    const sent = page.waitForRequest((request) => request.url().includes('/trpc/user.requestPasswordReset') && request.method() === 'POST');
    await page.getByRole('form', { name: 'Forgot your password?' }).getByRole('button', { name: 'Email me a link' }).tap();
    expect(trpcInput(await sent)).toEqual({ email: address });
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(`We sent it to ${address}`);
  });
});
