import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

// Which kinds of project may import which. Every project carries one `type:` and one `scope:` tag;
// a dependency must satisfy the constraints of both tags (there is deliberately no `* -> *`).
const depConstraints = [
  // scopes: the browser never reaches server code at run time (see the type-only rule below)
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // scope:api is the router composition (libs/app-router): the server app composes it; the type
  // constraints keep feature libs from reaching it, and the web may import its type only (below).
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:api', 'scope:shared'] },
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared', 'scope:api'] },
  // types: layers
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:api', 'type:feature', 'type:client', 'type:ui', 'type:infra', 'type:data', 'type:schema', 'type:util'],
  },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:schema', 'type:util'] },
  // The router composition builds on the feature routers (and server-trpc's `router`), never on tables:
  // which features, and that the seed and the transport stay out, is the app-router rule below.
  { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['type:feature', 'type:infra', 'type:schema', 'type:util'] },
  // A feature may use another feature through its public index.ts (never its internals: see no-deep-imports below).
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:infra', 'type:data', 'type:client', 'type:ui', 'type:schema', 'type:util'] },
  // Web domains stand side by side: a domain's web lib builds on the web's infrastructure (web-ui,
  // web-session, web-trpc-client, and media-web, tagged layer:infrastructure) and on contracts
  // (schemas), never on another domain's components; pages that combine domains are assembled in
  // apps/web (e.g. the car page's lead forms, through the slot CarDetailPage exposes).
  {
    allSourceTags: ['scope:web', 'type:feature'],
    onlyDependOnLibsWithTags: ['type:client', 'type:ui', 'type:schema', 'type:util', 'layer:infrastructure'],
  },
  // A domain's data lib may name another's table in a foreign key (a lead's car); its server lib may not read it (below).
  { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:data', 'type:infra', 'type:schema', 'type:util'] },
  // Infrastructure builds on infrastructure (auth on config, site on auth), never on data or features.
  { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:infra', 'type:schema', 'type:util'] },
  { sourceTag: 'type:client', onlyDependOnLibsWithTags: ['type:api', 'type:schema', 'type:util'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:schema', 'type:util'] },
  { sourceTag: 'type:schema', onlyDependOnLibsWithTags: ['type:schema', 'type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
];

const webProjects = ['apps/web/**/*.{ts,tsx}', 'libs/web/**/*.{ts,tsx}', 'libs/*/web/**/*.{ts,tsx}'];

// The first segments of the site's page paths ('cars', 'car', 'dashboard'), read from the route table
// (`SITE_ROUTES` in libs/shared/schemas): a link to a page is built by `sitePath`, never by hand, so a
// renamed route cannot leave a link behind. Home ('/') is left out: it prefixes every path.
const SITE_PAGES = [
  ...new Set(
    [...readFileSync(new URL('./libs/shared/schemas/src/site-routes.ts', import.meta.url), 'utf8').matchAll(/\bpath: '\/([a-z-]+)/g)].map(
      ([, segment]) => segment,
    ),
  ),
];
const SITE_PATH_PREFIX = String.raw`^\/(${SITE_PAGES.join('|')})([\/?#]|$)`;
const SITE_PATH_MESSAGE = "Build a link to a site page with sitePath (`sitePath('car', { slug })` from @dealership/shared-schemas), not by hand.";

// The projects, read from their project.json files: the lint rules below are derived from their folders
// and tags, never from a list typed here.
const projects = readdirSync(new URL('./libs', import.meta.url), { recursive: true })
  .filter((file) => basename(file) === 'project.json')
  .map((file) => {
    const root = `libs/${dirname(file)}`;
    const { name, tags = [] } = JSON.parse(readFileSync(new URL(`./libs/${file}`, import.meta.url), 'utf8'));
    return { name, root, tags, domain: tags.find((tag) => tag.startsWith('domain:'))?.slice('domain:'.length) };
  });
const TEST_FILES = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.fixture.ts', '**/testing/**'];

// Each domain's tables are read and written by that domain's server lib alone (car and brand are one
// domain, the catalogue: `domain:catalogue`). Another domain reads what the owner publishes: its data
// lib's `published` entry (views such as `account_contacts`, `car_refs`) or its server lib's index (a
// port such as CarAvailability). The composed schema (app-schema) is for drizzle-kit and the tests.
// Tests may arrange rows in any table.
const dataLibs = projects.filter((project) => project.tags.includes('type:data') && project.domain);
const tableOwnership = projects
  .filter((project) => project.domain && project.tags.includes('type:feature') && project.tags.includes('scope:server'))
  .map((project) => ({
    files: [`${project.root}/src/**/*.{ts,tsx}`],
    ignores: TEST_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...dataLibs
              .filter((data) => data.domain !== project.domain)
              .map((data) => ({
                name: `@dealership/${data.name}`,
                message: `Another domain's tables (${data.domain}'s): read what it publishes (@dealership/${data.name}/published) or a port from its server lib's index, never its tables.`,
              })),
            { name: '@dealership/app-schema', message: 'The composed schema is for drizzle-kit and the tests: a domain reads its own tables (its data lib).' },
          ],
        },
      ],
    },
  }));

// Infrastructure (libs/server) knows no domain: it imports no lib of a domain folder (libs/<domain>/...).
const INFRASTRUCTURE_FOLDERS = new Set(['server', 'web', 'shared']);
const domainLibs = projects.filter((project) => {
  const [, folder, lib] = project.root.split('/');
  return lib !== undefined && !INFRASTRUCTURE_FOLDERS.has(folder);
});
const infrastructureKnowsNoDomain = {
  files: ['libs/server/**/*.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [...domainLibs, { name: 'app-schema' }, { name: 'app-router' }, { name: 'seed' }].map(({ name }) => ({
          name: `@dealership/${name}`,
          message: 'libs/server is infrastructure and knows no domain: the domain builds on it, never the other way round (docs/architecture.md).',
        })),
      },
    ],
  },
};

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/.nx', '**/tmp', '**/.data', '**/test-results', '**/playwright-report', '**/vite.config.*.timestamp*'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$', '^.*/jest\\.preset\\.cjs$'],
          depConstraints,
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A lib is used through its public entry points (index.ts, and a `testing` entry for tests),
      // never its internals.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@dealership/*/**', '!@dealership/*/testing', '!@dealership/*-data/published', '!@dealership/server-db/schema'],
              message: 'Import a lib through its public index.ts (or its testing, published or schema entry), not its internals.',
            },
          ],
        },
      ],
    },
  },
  // process.env is read in one config file per side (principle 4).
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts', 'libs/**/*.tsx', 'apps/**/*.tsx'],
    ignores: ['libs/server/core/src/config/env.ts', '**/*.spec.ts', '**/*.test.tsx', 'apps/web-e2e/**', 'apps/web/vite.config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from the validated config (libs/server/core/src/config/env.ts).' },
      ],
    },
  },
  // Links to the site's pages come from its route table (tests keep spelling out the URLs they expect).
  {
    files: webProjects,
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `TemplateLiteral[quasis.0.value.raw=/${SITE_PATH_PREFIX}/]`, message: SITE_PATH_MESSAGE },
        { selector: `Literal[value=/${SITE_PATH_PREFIX}/]`, message: SITE_PATH_MESSAGE },
      ],
    },
  },
  // The browser imports the server's API types only: never server code at run time.
  {
    files: webProjects,
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@dealership/app-router', allowTypeImports: true, message: 'The web app may only `import type { AppRouter }` from the router composition.' },
          ],
          patterns: [
            {
              group: ['@dealership/server-*', '@dealership/*-server'],
              message: 'Server code never ships to the browser.',
            },
            { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', '@nestjs/*', 'fastify'], message: 'Server packages never ship to the browser.' },
          ],
        },
      ],
    },
  },
  // The router composition depends on the feature servers' routers and server-trpc alone: not on the
  // demo seed (its copy would reach the web's typecheck), the transport, or the database.
  {
    files: ['libs/app-router/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@dealership/*', '!@dealership/*-server', '!@dealership/server-trpc'],
              message: "AppRouter is composed from the feature servers' routers (and server-trpc's `router`) only.",
            },
          ],
        },
      ],
    },
  },
  ...tableOwnership,
  infrastructureKnowsNoDomain,
];
