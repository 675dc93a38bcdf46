import { existsSync } from 'node:fs';
import { defineConfig, type LaunchOptions, type ReporterDescription } from '@playwright/test';
import { DESKTOP } from './src/support/widths';

const isCI = Boolean(process.env.CI);

// Debian's Chromium: Playwright's own browser builds are never downloaded here. Its headless shell
// (package chromium-headless-shell, the same engine without the desktop browser around it, what
// Playwright itself runs headless) when installed: 10-13% less CPU than the full browser on the same
// tests (docs/testing.md).
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
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
  // No retries, in CI either: a test that fails once is a race to fix, not to run again.
  retries: 0,
  // And should someone pass --retries, a test that passes only on its second try still fails the run.
  failOnFlakyTests: true,
  forbidOnly: isCI,
  // Most tests take 5-20 s; the test machines are shared and at times run ten times slower.
  timeout: 60_000,
  // The first request for an image renders its WebP: allow for a cold server.
  expect: { timeout: 10_000 },
  reporter,
  outputDir: '../../tmp/web-e2e/test-results',
  use: {
    browserName: 'chromium',
    launchOptions,
    // A failed test keeps its trace: every action with the page's DOM, network and console. Without
    // the screencast (screenshots: false), which cost a quarter of the browser tests' CPU on every
    // test that passed; a failure still keeps its final screenshot below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    // Every width in one project, so a worker starts one server whatever width its tests use: a
    // flow runs once, at the width whose layout it tests (`test.use(PHONE)`, support/fixtures.ts).
    ...DESKTOP,
  },
  // One project: its name is in the names the specs make unique (`testInfo.project.name`).
  projects: [{ name: 'chromium' }],
});
