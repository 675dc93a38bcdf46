const { nodeProject } = require('../../../jest.preset.cjs');

// Slow on purpose: generates a domain in a copy of the workspace and runs its lint, typecheck and tests
// (`nx run workspace-plugin-e2e:test`; part of `npm test`, apart from the plugin's fast suite).
module.exports = nodeProject(__dirname, { testMatch: ['<rootDir>/src/**/*.e2e.spec.ts'], testTimeout: 20 * 60_000 });
