// Unit tests of the e2e helpers only: browser specs are `src/specs/*.e2e.ts` and run under Playwright.
const { nodeProject } = require('../../jest.preset.cjs');

module.exports = nodeProject(__dirname, { testMatch: ['<rootDir>/src/**/*.spec.ts'] });
