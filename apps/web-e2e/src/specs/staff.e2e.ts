import type { ReceivedMail } from '@dealership/shared-provider-stubs';
import { Secret, TOTP } from 'otpauth';
import { E2E_ADMIN, openAuthActions, submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';

/** The path and query of the invitation's link (PUBLIC_URL is unset here: the test opens it on its own base URL). */
function invitationLink(mail: ReceivedMail): string {
  const match = /https?:\/\/[^/\s]+(\/reset-password\?token=[A-Za-z0-9_-]+&invite=1)/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in the email: ${mail.text}`);
  return match[1];
}

/** The salesperson's authenticator app: the code of the step `steps` from now. */
const authenticatorCode = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

/*
 * The sales team (issue 28): the owner invites a salesperson from the Staff page; the invitation's
 * link sets their password; they sign in to the back office, which leaves out the owner's screens
 * and whose owner procedures answer 403; the owner sees them signed in, then deactivates them.
 */
test('an owner invites a salesperson, who enrols a second factor, signs in with it to a back office without the owner screens; the owner deactivates them', async ({
  page,
  browser,
  baseURL,
  mail,
  pageProblems,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `salim-${testInfo.project.name}-${Date.now().toString(36)}@e2e.test`.toLowerCase();
  const password = 'salim-e2e-password';

  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/admin/staff');
  await page.getByRole('button', { name: 'Invite a staff member' }).click();
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByRole('textbox', { name: 'Name' }).fill('Salim Mwangi');
  await invite.getByRole('textbox', { name: 'Email' }).fill(email);
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Invitation sent to ${email}` }).first()).toBeVisible();
  const row = page.getByRole('row', { name: 'Staff Salim Mwangi' }).filter({ hasText: email });
  await expect(row.getByText('Invited')).toBeVisible();

  // The invitee, in a browser of their own.
  const theirs = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const salim = await theirs.newPage();
  try {
    const invitation = await mail.waitFor((m) => m.to.includes(email));
    expect(invitation.subject).toContain('invited you to the Mombasa Car Dealership back office');
    await salim.goto(invitationLink(invitation));
    await expect(salim.getByRole('heading', { name: 'Welcome to the team: choose your password' })).toBeVisible();
    const choose = salim.getByRole('form', { name: 'Choose a new password' });
    await choose.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
    await choose.getByRole('textbox', { name: 'New password again', exact: true }).fill(password);
    await choose.getByRole('button', { name: 'Save the new password' }).click();
    await expect(salim.getByText('Your password is set. Please log in.')).toBeVisible();
    await submitLogin(salim, { email, password });
    await expect(salim).toHaveURL(/\/$/);

    // They turn on two-factor sign-in from their profile: the QR code or the secret, a first code, the recovery codes.
    await salim.goto('/dashboard/user/profile');
    const twoFactor = salim.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(twoFactor.getByRole('img', { name: 'QR code of the two-factor secret' })).toBeVisible();
    const secret = (await twoFactor.getByLabel('Two-factor secret').textContent())?.trim() ?? '';
    await twoFactor.getByRole('textbox', { name: 'Code from the app' }).fill(authenticatorCode(secret));
    await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();

    // Signing in again asks for the code as a second step.
    const actions = await openAuthActions(salim);
    await actions.getByRole('button', { name: 'Logout' }).click();
    await expect(salim.getByText('Logged Out Successfully')).toBeVisible();
    await salim.goto('/login');
    await submitLogin(salim, { email, password });
    const second = salim.getByRole('form', { name: 'Two-factor sign-in' });
    // The next step's code: the enrolment used this one's, and a code never works twice.
    await second.getByRole('textbox', { name: 'Authentication code' }).fill(authenticatorCode(secret, 1));
    await second.getByRole('button', { name: 'Verify' }).click();
    await expect(salim).toHaveURL(/\/$/);

    // The back office, without the owner's screens: they say why, and their procedures answer 403.
    await salim.goto('/dashboard/admin/leads');
    await expect(salim.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
    await expect(salim.getByRole('link', { name: 'Rates', exact: true })).toHaveCount(0);
    await expect(salim.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
    for (const path of ['/dashboard/admin/settings', '/dashboard/admin/staff', '/dashboard/admin/reports']) {
      await salim.goto(path);
      await expect(salim.getByText("Owner access required: ask the dealership's owner")).toBeVisible();
    }
    const token = await salim.evaluate(() => (JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { token?: string }).token ?? '');
    for (const procedure of ['staff.list', 'setting.list', 'audit.list', 'lead.report']) {
      const refused = await salim.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(procedure === 'staff.list' || procedure === 'lead.report' ? undefined : { page: 1 }))}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect({ procedure, status: refused.status() }).toEqual({ procedure, status: 403 });
    }

    // The owner sees them signed in, and deactivates them: their session ends at once.
    await page.reload();
    await expect(row.getByText('Active')).toBeVisible();
    await expect(row.getByText('Never')).toHaveCount(0);
    await expect(row.getByText('On', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog', { name: 'Deactivate staff account' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByText('Deactivated')).toBeVisible();
    const after = await salim.request.get('/trpc/lead.list?input=%7B%7D', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  } finally {
    await theirs.close();
  }
  // The refused calls (403, 401) are the browser's console errors only if the page made them; it did not.
  expect(pageProblems).toEqual([]);
});
