import { defineConfig, type LaunchOptions, type ReporterDescription } from '@playwright/test';
import { BASE_URL_ENV } from './src/support/global-setup';

const isCI = Boolean(process.env.CI);

// Debian's Chromium: Playwright's own browser builds are never downloaded here.
const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The site must work offline: any host other than the local server fails to resolve.
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
  ],
};

const reporter: ReporterDescription[] = [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]];

export default defineConfig({
  testDir: './src/specs',
  testMatch: '*.e2e.ts',
  // One server with one database is shared by every test; two cores leave room for one browser.
  fullyParallel: false,
  workers: 1,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  // The first request for an image renders its WebP: allow for a cold server.
  expect: { timeout: 10_000 },
  reporter,
  outputDir: '../../tmp/web-e2e/test-results',
  globalSetup: './src/support/global-setup.ts',
  use: {
    // Undefined in the runner process; set by global setup before the workers load this file.
    baseURL: process.env[BASE_URL_ENV],
    browserName: 'chromium',
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
    // Below the 992 px breakpoint but wider than a phone: the visitor screens' collapsed filters and stacked layouts.
    {
      name: 'tablet-800',
      testMatch: /(catalogue|search|car-detail|brand|favourites|about)\.e2e\.ts$/,
      use: { viewport: { width: 800, height: 1000 } },
    },
  ],
});
