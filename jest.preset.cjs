// Shared Jest preset: SWC transpiles TypeScript (with Nest's decorator metadata),
// and tsconfig path aliases resolve to library sources.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const root = __dirname;
const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace(/[/\\^$.*+?()[\]{}|-]/g, '\\$&')}$`] = path.join(root, target);
}

/** @param {{ jsx?: boolean }} options */
function swcTransform({ jsx = false } = {}) {
  return [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: jsx, decorators: true },
        transform: {
          legacyDecorator: true,
          decoratorMetadata: true,
          ...(jsx ? { react: { runtime: 'automatic' } } : {}),
        },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    },
  ];
}

/** Jest config for a Node project (server libs, schemas, utils). */
function nodeProject(dirname, overrides = {}) {
  return {
    displayName: path.relative(root, dirname),
    rootDir: dirname,
    testEnvironment: 'node',
    // Server code in .tsx: email templates, rendered with React on the server.
    transform: { '^.+\\.tsx$': swcTransform({ jsx: true }), '^.+\\.[tj]sx?$': swcTransform() },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper,
    testMatch: ['<rootDir>/src/**/*.spec.ts'],
    // Makes (or finds in the cache) the migrated database every test file's createTestDatabase loads.
    globalSetup: path.join(root, 'tools/jest/global-setup.ts'),
    // Starting a server on PGlite takes a few seconds per file on two busy cores.
    testTimeout: 30_000,
    // Integration suites run on in-memory PGlite, or on a PostgreSQL server when this is set.
    globals: { __TEST_DATABASE_URL__: process.env.TEST_DATABASE_URL || undefined },
    ...overrides,
  };
}

/** Jest config for a browser project (React components under jsdom). */
function webProject(dirname, overrides = {}) {
  return {
    displayName: path.relative(root, dirname),
    rootDir: dirname,
    testEnvironment: 'jsdom',
    transform: { '^.+\\.[tj]sx?$': swcTransform({ jsx: true }) },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper: {
      ...moduleNameMapper,
      // CSS modules resolve to their class names (`classes.link` -> "link"); other assets to a stub.
      '\\.module\\.css$': 'identity-obj-proxy',
      '\\.(css|svg|png|jpg|webp)$': path.join(root, 'tools/jest/file-stub.cjs'),
    },
    setupFilesAfterEnv: [path.join(root, 'tools/jest/web-setup.ts')],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/src/**/*.spec.ts?(x)'],
    ...overrides,
  };
}

module.exports = { nodeProject, webProject, moduleNameMapper };
