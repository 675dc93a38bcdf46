import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { usesDrawerMenu } from './fixtures';

/** The admin the e2e server is started with (see `E2E_SERVER_ENV`). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' } as const;

export interface E2eCustomer {
  name: string;
  email: string;
  password: string;
  phone: string;
  address: string;
}

/** A fresh customer per test and viewport: every test shares one database. */
export function newCustomer(testInfo: TestInfo, label: string): E2eCustomer {
  const unique = `${label}-${testInfo.project.name}-${Date.now().toString(36)}-${testInfo.retry}`;
  return {
    name: 'Juma Hamisi',
    email: `${unique}@e2e.test`.toLowerCase(),
    password: 'juma-e2e-password',
    phone: '0712345678',
    address: 'Old Town, Mombasa',
  };
}

/** Registers through the /register form, as a visitor does; the site then shows /login. */
export async function registerViaForm(page: Page, customer: E2eCustomer): Promise<void> {
  await page.goto('/register');
  const register = page.getByRole('form', { name: 'Register' });
  await register.getByRole('textbox', { name: 'Name', exact: true }).fill(customer.name);
  await register.getByRole('textbox', { name: 'Email', exact: true }).fill(customer.email);
  await register.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password);
  await register.getByRole('textbox', { name: 'Phone', exact: true }).fill(customer.phone);
  await register.getByRole('textbox', { name: 'Address', exact: true }).fill(customer.address);
  await register.getByRole('button', { name: 'Register' }).click();
}

/** Registers through the legacy REST endpoint (set-up for tests that are not about registering). */
export async function registerViaApi(request: APIRequestContext, customer: E2eCustomer): Promise<void> {
  const response = await request.post('/api/user/register', { data: customer });
  if (!response.ok()) throw new Error(`POST /api/user/register answered ${response.status()}: ${await response.text()}`);
}

/**
 * Where the header's Login/Register or Dashboard/Logout buttons are: the bar on wide screens, the
 * drawer (opened through the burger) on narrow ones.
 */
export async function openAuthActions(page: Page): Promise<Locator> {
  if (!usesDrawerMenu(page)) return page.getByRole('banner');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.waitFor({ state: 'visible' });
  return drawer;
}

/** Fills and sends the login form of the current page. */
export async function submitLogin(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(credentials.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** The browser logs refused requests (401/403) as console errors; the guard tests expect those. */
export function withoutRefusedRequests(problems: string[]): string[] {
  return problems.filter((problem) => !/Failed to load resource: the server responded with a status of 40[13]/.test(problem));
}
