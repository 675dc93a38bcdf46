import type { PlaywrightTestOptions } from '@playwright/test';

/**
 * The screen widths, as `test.use(...)` takes them. One Playwright project runs every width (so a
 * worker starts one server whatever width its tests use); the desktop is the default. A flow runs
 * once, at the width whose layout it tests: `test.use(PHONE)` in a file or `test.describe` for the
 * phone's own parts (the header's drawer, the collapsed filters, the admin drawer, stacked pages).
 */
export const DESKTOP = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
} as const satisfies Partial<PlaywrightTestOptions>;
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const satisfies Partial<PlaywrightTestOptions>;
/** Below the 992 px breakpoint but wider than a phone: the visitor screens' collapsed filters and stacked layouts. */
export const TABLET = {
  viewport: { width: 800, height: 1000 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
} as const satisfies Partial<PlaywrightTestOptions>;
