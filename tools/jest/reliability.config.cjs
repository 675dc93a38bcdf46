// `npm run test:reliability`: the reliability suite, gathered from the projects that own each test
// (files named `*.reliability.spec.ts`): generated hostile input against the whole server, the
// database outage, concurrent starts on one data folder, the security headers, token revocation.
// They also run in their projects' ordinary `test` targets; this runs them together, on PGlite, or
// on the PostgreSQL server named by TEST_DATABASE_URL.
const { readdirSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '../..');

/** Project folders (those holding a jest.config.cjs) with at least one reliability spec. */
function projectsWithReliabilitySpecs() {
  const found = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.reliability.spec.ts')) found.add(child.split(`${path.sep}src${path.sep}`)[0]);
    }
  };
  walk('apps');
  walk('libs');
  return [...found].sort();
}
const configs = projectsWithReliabilitySpecs();

module.exports = {
  rootDir: root,
  // A project's own `testTimeout` is ignored in a multi-project run: set the preset's here.
  testTimeout: 30_000,
  projects: configs.map((dir) => {
    const config = require(path.join(root, dir, 'jest.config.cjs'));
    return { ...config, testMatch: ['<rootDir>/src/**/*.reliability.spec.ts'] };
  }),
};
