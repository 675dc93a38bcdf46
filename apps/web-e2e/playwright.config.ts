import { defineConfig, type LaunchOptions, type ReporterDescription } from '@playwright/test';

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
  // Each worker starts a server with a database of its own (the `site` fixture), so workers never
  // see each other's writes; a file's tests run in order. The browser tests spend most of their time
  // waiting (page loads, network idle, animations): two workers on two cores halve the wall time
  // (docs/testing.md). E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  // The first request for an image renders its WebP: allow for a cold server.
  expect: { timeout: 10_000 },
  reporter,
  outputDir: '../../tmp/web-e2e/test-results',
  use: {
    browserName: 'chromium',
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      // Tests tagged ANY_VIEWPORT (support/fixtures.ts) check what no screen size changes: desktop runs them.
      grepInvert: /@any-viewport/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    // Below the 992 px breakpoint but wider than a phone: the visitor screens' collapsed filters and stacked layouts.
    {
      name: 'tablet-800',
      testMatch: /(catalogue|search|car-detail|brand|favourites|about)\.e2e\.ts$/,
      grepInvert: /@any-viewport/,
      use: { viewport: { width: 800, height: 1000 } },
    },
  ],
});
