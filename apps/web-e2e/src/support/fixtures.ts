import { expect, test as base, type Browser, type BrowserContextOptions, type Locator, type Page, type PlaywrightTestOptions } from '@playwright/test';
import { resolve } from 'node:path';
import { type ApiBrand, type ApiCar, parseBrandList, parseCarList } from './api';
import {
  type DarajaStub,
  type SmsStub,
  type SmtpStub,
  type WhatsAppStub,
  startDarajaStub,
  startSmsStub,
  startSmtpStub,
  startWhatsAppStub,
} from '@dealership/shared-provider-stubs';
import { type StartedServer, startServer } from './server-process';

export { expect };

interface E2eFixtures {
  /** Console errors and uncaught page errors seen during the test; assert it is empty. */
  pageProblems: string[];
  /**
   * Content-Security-Policy violations seen during the test, from `securitypolicyviolation` events
   * and the console. Checked after every test (automatically, whether the test asks for it or
   * not): a violation fails the test. A test that provokes one on purpose empties the list.
   */
  cspViolations: string[];
  /** The seeded catalogue, newest first, as the REST API lists it. */
  apiCars: ApiCar[];
  apiBrands: ApiBrand[];
  /** Gives every browser context of the test, its own and those it opens, a client address of its own (`ownClientAddress`). */
  clientAddresses: void;
}

interface E2eWorkerFixtures {
  /**
   * The built server this worker's tests talk to: one per worker, each with a data folder of its
   * own, so workers run side by side without seeing each other's orders, leads or deleted cars.
   */
  site: StartedServer;
  /** The loopback SMTP server the worker's server sends its email to (the staff's and buyers' inboxes). */
  mail: SmtpStub;
  /** The loopback Africa's Talking the worker's server sends its SMS to. */
  sms: SmsStub;
  /** The loopback Daraja (M-Pesa Express) the worker's server asks deposits of; it calls the server back. */
  daraja: DarajaStub;
  /** The loopback WhatsApp Cloud API the worker's server sends its WhatsApp replies to; its settings sign the webhook's deliveries. */
  whatsapp: WhatsAppStub;
}

export { DESKTOP, PHONE, TABLET } from './widths';

/** The approved WhatsApp template of the test server (WHATSAPP_TEMPLATES), for the staff to send after the 24-hour window. */
export const E2E_WHATSAPP_TEMPLATE = 'follow_up:en:Hello {{1}}, is the car still of interest?';

/** Who hears of new leads and orders on the test server, besides the admin account. */
export const E2E_STAFF = { email: 'sales@e2e.test', phone: '+254700111222' } as const;

// This file is apps/web-e2e/src/support/fixtures.ts; the server runs from the repository root.
const REPO_ROOT = resolve(__dirname, '../../../..');

/** How Chromium reports a blocked resource on the console. */
const CSP_CONSOLE_MESSAGE = /Refused to|Content Security Policy/i;

/**
 * Waits, after a page load, until the app has taken the page over (`data-interactive` on
 * `<html>`, set by the app once the first page has committed) and every deferred part of the page
 * (`data-deferred`, libs/web/ui deferredComponent) has hydrated too (`data-hydrated`): a
 * server-rendered page is visible before its buttons work, and its deferred parts (a lead form,
 * the filters, the footer) hydrate when their own chunk has come; a click or a tick in between
 * would do nothing.
 */
async function untilInteractive(page: Page, response: Awaited<ReturnType<Page['goto']>>): Promise<void> {
  if (!response || !(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  // Only a server-rendered page (its state script) shows a deferred part's controls before they
  // work; a page drawn in the browser shows a placeholder there until the part's code has come,
  // and its own clock (a countdown) must not wait for that.
  if ((await page.locator('script#page-state').count()) > 0) {
    await page.locator('[data-deferred]:not([data-hydrated])').first().waitFor({ state: 'detached' });
  }
}

/** Client addresses handed out by this worker (its server is its own, so they need only differ within it). */
let clientAddresses = 0;

/**
 * An address no other browser context of this worker has had, as the one proxy hop the e2e server
 * trusts reports it (`X-Forwarded-For`, TRUST_PROXY in support/server-process.ts): every buyer is
 * a visitor of their own, and the server's per-address limits (five leads in ten minutes) count
 * each context's requests alone, however many tests a worker runs.
 */
function ownClientAddress(): Record<string, string> {
  clientAddresses += 1;
  return { 'x-forwarded-for': `10.${(clientAddresses >> 16) & 255}.${(clientAddresses >> 8) & 255}.${clientAddresses & 255}` };
}

/** `options` with a client address of its own unless they bring one. */
const withOwnAddress = <T extends BrowserContextOptions>(options: T = {} as T): T => ({
  ...options,
  extraHTTPHeaders: { ...ownClientAddress(), ...options.extraHTTPHeaders },
});

export const test = base.extend<E2eFixtures, E2eWorkerFixtures>({
  mail: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this parameter.
    async ({}, use) => {
      const stub = await startSmtpStub();
      await use(stub);
      await stub.close();
    },
    { scope: 'worker' },
  ],
  sms: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this parameter.
    async ({}, use) => {
      const stub = await startSmsStub();
      await use(stub);
      await stub.close();
    },
    { scope: 'worker' },
  ],
  daraja: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this parameter.
    async ({}, use) => {
      const stub = await startDarajaStub();
      await use(stub);
      await stub.close();
    },
    { scope: 'worker' },
  ],
  whatsapp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this parameter.
    async ({}, use) => {
      const stub = await startWhatsAppStub();
      await use(stub);
      await stub.close();
    },
    { scope: 'worker' },
  ],
  site: [
    async ({ mail, sms, daraja, whatsapp }, use) => {
      const server = await startServer({
        root: REPO_ROOT,
        env: {
          SMTP_URL: mail.url,
          MAIL_FROM: 'Mombasa Car Dealership <sales@e2e.test>',
          AFRICASTALKING_USERNAME: 'sandbox',
          AFRICASTALKING_API_KEY: 'e2e-api-key',
          AFRICASTALKING_API_URL: sms.url,
          LEAD_ALERT_EMAILS: E2E_STAFF.email,
          LEAD_ALERT_PHONES: E2E_STAFF.phone,
          // Buyers' alerts matched and sent every second (default a minute), so a test sees its message at once.
          ALERT_DISPATCH_INTERVAL_MS: '1000',
          // Reservations' holds checked every second (default 30 s): a hold ends within a second of its time.
          RESERVATION_SWEEP_INTERVAL_MS: '1000',
          MPESA_CONSUMER_KEY: daraja.consumerKey,
          MPESA_CONSUMER_SECRET: daraja.consumerSecret,
          MPESA_SHORTCODE: daraja.shortcode,
          MPESA_PASSKEY: daraja.passkey,
          MPESA_API_URL: daraja.url,
          ...whatsapp.env,
          WHATSAPP_TEMPLATES: E2E_WHATSAPP_TEMPLATE,
        },
        // Daraja calls the server back at its own (loopback) address.
        envFor: (baseUrl) => ({ MPESA_CALLBACK_URL: baseUrl }),
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site.baseUrl),
  // The test's own context and its `request` (whichever fixture makes the context first).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this parameter.
  extraHTTPHeaders: async ({}, use) => use(ownClientAddress()),
  clientAddresses: [
    async ({ browser }, use) => {
      // The test's own context (Playwright's `context` fixture) is made by `browser.newContext` too.
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      browser.newContext = ((options?: BrowserContextOptions) => newContext(withOwnAddress(options))) as Browser['newContext'];
      browser.newPage = ((options?: Parameters<Browser['newPage']>[0]) => newPage(withOwnAddress(options))) as Browser['newPage'];
      await use();
      browser.newContext = newContext;
      browser.newPage = newPage;
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await untilInteractive(page, response);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await untilInteractive(page, response);
      return response;
    };
    await use(page);
  },
  cspViolations: [
    async ({ context }, use, testInfo) => {
      const violations: string[] = [];
      // Every page of the test's context, including pages it opens later.
      context.on('console', (message) => {
        if (CSP_CONSOLE_MESSAGE.test(message.text())) violations.push(`console.${message.type()}: ${message.text()} @ ${message.page()?.url()}`);
      });
      await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => violations.push(`securitypolicyviolation: ${text} @ ${page.url()}`));
      // Runs through the DevTools protocol, which the page's policy does not govern.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile || 'document'}:${event.lineNumber}) ${event.sample}`,
          );
        });
      });
      await use(violations);
      if (violations.length > 0) {
        throw new Error(`${testInfo.title}: the Content-Security-Policy refused something:\n${violations.join('\n')}`);
      }
    },
    { auto: true },
  ],
  pageProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()} @ ${message.location().url}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await use(problems);
  },
  apiCars: async ({ request }, use) => {
    const response = await request.get('/api/car/getAll-car');
    if (!response.ok()) throw new Error(`GET /api/car/getAll-car answered ${response.status()}`);
    await use(parseCarList(await response.json()));
  },
  apiBrands: async ({ request }, use) => {
    const response = await request.get('/api/brand/getAll-brand');
    if (!response.ok()) throw new Error(`GET /api/brand/getAll-brand answered ${response.status()}`);
    await use(parseBrandList(await response.json()));
  },
});

/**
 * The tests `body` declares, once per width (`{ desktop: DESKTOP, phone: PHONE }`), each in a
 * `test.describe` named after it: for what differs by layout and must hold at each.
 */
export function atWidths(widths: Record<string, Partial<PlaywrightTestOptions>>, body: () => void): void {
  for (const [name, use] of Object.entries(widths)) {
    test.describe(`at ${name} width`, () => {
      test.use(use);
      body();
    });
  }
}

/** The home page's "Latest Cars" section (a labelled region). */
export function latestCars(page: Page): Locator {
  return page.getByRole('region', { name: 'Latest Cars' });
}

/** Car cards are `<article>`s named by their heading. */
export function carCards(scope: Locator): Locator {
  return scope.getByRole('article');
}

/** Mantine's `md` breakpoint (62em): below it the header shows a burger and a drawer menu. */
export const HEADER_DRAWER_BELOW_PX = 992;

/** Whether this viewport gets the burger menu instead of the navigation bar. */
export function usesDrawerMenu(page: Page): boolean {
  return (page.viewportSize()?.width ?? Number.POSITIVE_INFINITY) < HEADER_DRAWER_BELOW_PX;
}

/**
 * The header navigation with the site links: the desktop bar, or on narrow screens the drawer,
 * opened through the burger button first.
 */
export async function openSiteNavigation(page: Page): Promise<Locator> {
  if (!usesDrawerMenu(page)) return page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawerNav = page.getByRole('navigation', { name: 'Mobile' });
  await drawerNav.waitFor({ state: 'visible' });
  return drawerNav;
}
