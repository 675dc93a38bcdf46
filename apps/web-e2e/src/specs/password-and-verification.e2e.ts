import type { ReceivedMail } from '@dealership/shared-provider-stubs';
import { newCustomer, openAuthActions, registerViaForm, submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';

/**
 * The path and query of the emailed link to `path` (the server's PUBLIC_URL is unset here, so the
 * link names localhost and the server's port; the test opens it on its own base URL).
 */
function emailedLink(mail: ReceivedMail, path: '/verify-email' | '/reset-password'): string {
  const match = new RegExp(`https?://[^/\\s]+(${path}\\?token=[A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the email: ${mail.text}`);
  return match[1];
}

test.describe('password reset and email verification', () => {
  test('a buyer registers, confirms the email from the link, then resets a forgotten password and signs in with the new one', async ({
    page,
    mail,
    pageProblems,
  }, testInfo) => {
    // Registration, two emailed links and two sign-ins: about 25 s on a quiet machine.
    test.setTimeout(60_000);
    const customer = newCustomer(testInfo, 'links');

    await registerViaForm(page, customer);
    await expect(page).toHaveURL(/\/login$/);

    await submitLogin(page, customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/user');
    const reminder = page.getByRole('status', { name: 'Email address not confirmed' });
    await expect(reminder).toContainText(`Please confirm your email address: we sent a link to ${customer.email}.`);

    const verification = await mail.waitFor((m) => m.to.includes(customer.email) && m.subject === 'Confirm your email address');
    await page.goto(emailedLink(verification, '/verify-email'));
    // Opening the link spends nothing (a mail scanner's visit): the click confirms.
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByText('Email address confirmed')).toBeVisible();
    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${customer.name}` })).toBeVisible();
    await expect(reminder).toHaveCount(0);

    const actions = await openAuthActions(page);
    await actions.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged Out Successfully')).toBeVisible();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const ask = page.getByRole('form', { name: 'Forgot your password?' });
    await ask.getByRole('textbox', { name: 'Email', exact: true }).fill(customer.email);
    await ask.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByText('If an account exists for that address, we have sent a link to reset the password. It works for 30 minutes.')).toBeVisible();

    const reset = await mail.waitFor((m) => m.to.includes(customer.email) && m.subject === 'Reset your password');
    const resetLink = emailedLink(reset, '/reset-password');
    await page.goto(resetLink);
    const choose = page.getByRole('form', { name: 'Choose a new password' });
    const newPassword = 'juma-reset-e2e-password';
    await choose.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await choose.getByRole('textbox', { name: 'New password again', exact: true }).fill(newPassword);
    await choose.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been changed. Please log in with your new password.')).toBeVisible();

    // The old password no longer signs in; the new one does.
    await submitLogin(page, customer);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await submitLogin(page, { email: customer.email, password: newPassword });
    await expect(page).toHaveURL(/\/$/);

    // The link was used up.
    await page.goto(resetLink);
    await page.getByRole('form', { name: 'Choose a new password' }).getByRole('textbox', { name: 'New password', exact: true }).fill('another-e2e-password');
    await page.getByRole('textbox', { name: 'New password again', exact: true }).fill('another-e2e-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'has expired or has already been used' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');

    // The refused login and the refused link were answered 401 and 400: the browser logs those.
    expect(pageProblems.filter((problem) => !/status of 40[01]/.test(problem))).toEqual([]);
  });

  test('a buyer moves the account to a new email: nothing changes until the link sent there is opened, then the new address signs in', async ({
    page,
    mail,
    pageProblems,
  }, testInfo) => {
    test.setTimeout(60_000);
    const customer = newCustomer(testInfo, 'move');
    const movedTo = `moved-${customer.email}`;
    await registerViaForm(page, customer);
    await submitLogin(page, customer);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/dashboard/user/profile');
    const profile = page.getByRole('form', { name: 'Update Profile' });
    await profile.getByRole('textbox', { name: 'Email', exact: true }).fill(movedTo);
    await profile.getByRole('textbox', { name: 'Current Password', exact: true }).fill(customer.password);
    await profile.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
    await expect(page.getByText(`We sent a link to ${movedTo}: your email changes when you confirm it there.`)).toBeVisible();
    // Still the old address until the new one's owner answers.
    expect((await page.evaluate(() => JSON.parse(window.localStorage.getItem('auth') ?? 'null'))).user.email).toBe(customer.email);

    const change = await mail.waitFor((m) => m.to.includes(movedTo) && m.subject === 'Confirm your new email address');
    await page.goto(emailedLink(change, '/verify-email'));
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Your account now uses ${movedTo} to sign in.` })).toBeVisible();
    expect((await page.evaluate(() => JSON.parse(window.localStorage.getItem('auth') ?? 'null'))).user).toMatchObject({ email: movedTo, emailVerified: true });
    const notice = await mail.waitFor((m) => m.to.includes(customer.email) && m.subject === 'Your account email was changed');
    expect(notice.text).toContain(movedTo);

    const actions = await openAuthActions(page);
    await actions.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged Out Successfully')).toBeVisible();
    await page.goto('/login');
    await submitLogin(page, { email: movedTo, password: customer.password });
    await expect(page).toHaveURL(/\/$/);
    expect(pageProblems).toEqual([]);
  });
});
