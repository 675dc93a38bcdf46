const { nodeProject } = require('../../../jest.preset.cjs');

// Slow on purpose: generates a domain in a copy of the workspace and runs its lint, typecheck and tests
// (`nx run workspace-plugin-e2e:e2e`: run by `.ci/run` after `npm test`, by CI on a pull request that
// affects it, and by `npm run test:affected`; not by `npm test`).
module.exports = nodeProject(__dirname, { testMatch: ['<rootDir>/src/**/*.e2e.spec.ts'], testTimeout: 20 * 60_000 });
