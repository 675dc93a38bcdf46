// `npm run test:postgres`: the integration suites (`*.integration.spec.ts`) of every project that
// has one, against the PostgreSQL server named by TEST_DATABASE_URL (default: the local one,
// postgres://postgres@127.0.0.1:5432/postgres). The project list is found, not typed: a new
// domain's integration spec is included the day it is written. Each test file copies the run's
// template database (see libs/server/db/src/testing/database-snapshot.ts) and drops it at the end.
// Pass-through: `npm run test:postgres -- --skip-nx-cache`; `-- --list` prints the projects only;
// `-- --affected` keeps those a change affects (`nx show projects --affected`, NX_BASE/NX_HEAD as CI sets them).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nxEnv } from './nx-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The name in the project.json nearest above `file` (a path relative to the root). */
function owningProject(file) {
  for (let dir = dirname(file); dir !== '.' && dir !== ''; dir = dirname(dir)) {
    const projectJson = join(root, dir, 'project.json');
    if (existsSync(projectJson)) return JSON.parse(readFileSync(projectJson, 'utf8')).name;
  }
  return undefined;
}

/** Projects under apps/, libs/ and tools/ with at least one `*.integration.spec.ts`. */
export function projectsWithIntegrationSpecs() {
  const projects = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const child = join(dir, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.integration.spec.ts')) {
        const project = owningProject(child);
        if (project) projects.add(project);
      }
    }
  };
  for (const top of ['apps', 'libs', 'tools']) if (existsSync(join(root, top))) walk(top);
  return [...projects].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let args = process.argv.slice(2);
  let projects = projectsWithIntegrationSpecs();
  if (args.includes('--affected')) {
    args = args.filter((arg) => arg !== '--affected');
    const shown = spawnSync('npx', ['nx', 'show', 'projects', '--affected', '--json'], { cwd: root, encoding: 'utf8', env: nxEnv });
    if (shown.status !== 0) {
      process.stderr.write(shown.stderr);
      process.exit(shown.status ?? 1);
    }
    const affected = new Set(JSON.parse(shown.stdout));
    projects = projects.filter((project) => affected.has(project));
  }
  if (args.includes('--list')) {
    console.log(projects.join('\n'));
    process.exit(0);
  }
  if (projects.length === 0) {
    console.log('no affected project has integration specs');
    process.exit(0);
  }
  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  console.log(`integration suites of ${projects.length} projects (${projects.join(', ')}) on ${url.replace(/\/\/[^@/]*@/, '//…@')}`);
  const status =
    spawnSync('npx', ['nx', 'run-many', '-t', 'test', '-p', projects.join(','), '--outputStyle=static', '--testPathPatterns=integration.spec.ts$', ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...nxEnv, TEST_DATABASE_URL: url },
    }).status ?? 1;
  process.exit(status);
}
