import { readFile } from 'node:fs/promises';
import { newCustomer, registerViaApi, submitLogin, withoutRefusedRequests } from '../support/account';
import { expect, test } from '../support/fixtures';

// A buyer's rights over their data (Data Protection Act, 2019), as they use them: consent to be
// contacted on a lead form, a copy of everything held about them, and their account deleted.
test('a buyer ticks consent on a lead form, downloads their data from the profile and deletes their account', async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const customer = newCustomer(testInfo, 'privacy');
  await registerViaApi(request, customer);
  await page.goto('/login');
  await submitLogin(page, customer);
  await expect(page).toHaveURL(/\/$/);

  // The contact form: the box starts unticked, and nothing is sent until the buyer ticks it.
  const message = `Privacy check ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: /Your name/ }).fill(customer.name);
  await form.getByRole('textbox', { name: /Phone/ }).fill(customer.phone);
  await form.getByRole('textbox', { name: /Message/ }).fill(message);
  const consent = form.getByRole('checkbox', { name: /I agree/ });
  await expect(consent).not.toBeChecked();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText(/Consent is required/)).toBeVisible();
  await consent.check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you, we have your message')).toBeVisible();

  // The profile: a JSON file of everything held about them, their request (and its consent) in it.
  await page.goto('/dashboard/user/profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-dealership-data.json');
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.profile).toMatchObject({ email: customer.email, name: customer.name });
  expect(data.leads).toEqual([expect.objectContaining({ message, consentText: expect.stringContaining('I agree') })]);
  expect(data.orders).toEqual([]);
  expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);

  // Deleting the account asks for the password, then signs the buyer out for good.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByLabel('Your password').fill(customer.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account is deleted. We emailed you a confirmation.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();

  await page.goto('/login');
  await submitLogin(page, customer);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  // The browser logs the refused sign-in (401) and the refused wrong password (400) as failed requests: nothing else.
  expect(withoutRefusedRequests(pageProblems).filter((problem) => !/status of 400 .*\/trpc\/user\.deleteAccount/.test(problem))).toEqual([]);
});
