// Bundle budget of the public pages: the gzip size of the JavaScript a first visit to a route
// downloads before it can render (the entry, its static imports, the route's lazy chunk and that
// chunk's static imports), read from the Vite manifest of `nx run web:build`. Fails when a route
// exceeds the budget, or when a public route's JavaScript contains admin or dashboard code.
//
//   node tools/scripts/check-bundle.mjs [--dist dist/apps/web] [--budget-kb 150] [--admin-budget-kb 250] [--json]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Routes whose first load is budgeted: the page module each lazy route imports. */
export const BUDGETED_ROUTES = [
  { route: '/', module: 'src/pages/HomePage.tsx' },
  { route: '/cars', module: 'src/pages/CarsPage.tsx' },
  // The landing pages (/cars/body/suv ...): the /cars listing, shared with it as one chunk.
  { route: '/cars/:group/:value', module: 'src/pages/CarLandingPage.tsx' },
  // A brand page: the same listing with the brand fixed, drawn with the spec's brand cards.
  { route: '/brand/:slug', module: 'src/pages/BrandDetailPage.tsx' },
  // The page buyers land on from a search or a shared link; its dialogs (pictures, enquiry) load on demand.
  { route: '/car/:slug', module: 'src/pages/CarDetailPage.tsx' },
  // The buyer tools (issue 14): the calculators must not take a route past the budget.
  { route: '/import-duty', module: 'src/pages/ImportDutyPage.tsx' },
  { route: '/financing', module: 'src/pages/FinancingPage.tsx' },
  // Their lead forms come after the page (deferredComponent in web-ui).
  { route: '/services', module: 'src/pages/ServicesPage.tsx' },
  { route: '/contact', module: 'src/pages/ContactPage.tsx' },
];

/** Public routes that must not carry admin or dashboard code. */
export const PUBLIC_ROUTE_MODULES = [
  'src/pages/HomePage.tsx',
  'src/pages/CarsPage.tsx',
  'src/pages/CarLandingPage.tsx',
  'src/pages/CarSearchPage.tsx',
  'src/pages/CarDetailPage.tsx',
  'src/pages/BrandsPage.tsx',
  'src/pages/BrandDetailPage.tsx',
  'src/pages/AboutPage.tsx',
  'src/pages/CartPage.tsx',
  'src/pages/ImportDutyPage.tsx',
  'src/pages/FinancingPage.tsx',
  'src/pages/NotFoundPage.tsx',
  'src/pages/ServicesPage.tsx',
  'src/pages/ContactPage.tsx',
  'src/pages/ComparePage.tsx',
  'src/pages/TestimonialsPage.tsx',
  'src/pages/PrivacyPolicyPage.tsx',
  'src/pages/TermsPage.tsx',
  'src/pages/LoginPage.tsx',
  'src/pages/RegisterPage.tsx',
];

/**
 * The admin area: one lazy chunk (and what it imports) that only staff download. Sized on top of
 * what the entry already loaded, with a budget of its own so the back office stays quick on a
 * phone too (it is where a salesman uploads pictures from the yard).
 */
export const ADMIN_MODULE = 'src/pages/dashboard/admin.pages.tsx';

/** Source paths that belong to the signed-in areas. */
const PRIVATE_SOURCE = /[\\/](pages[\\/]dashboard|dashboard|admin)[\\/]|[\\/]admin[^\\/]*\.(tsx?|mjs)$/i;

function parseArgs(argv) {
  const args = { dist: join(root, 'dist/apps/web'), budgetKb: 150, adminBudgetKb: 250, json: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dist') args.dist = join(root, argv[++i]);
    else if (argv[i] === '--budget-kb') args.budgetKb = Number(argv[++i]);
    else if (argv[i] === '--admin-budget-kb') args.adminBudgetKb = Number(argv[++i]);
    else if (argv[i] === '--json') args.json = true;
    else throw new Error(`Unknown argument: ${argv[i]}`);
  }
  return args;
}

/** Manifest keys of `key` and everything it imports statically, depth first. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The Vite manifest has no entry ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The manifest key of the HTML entry. */
export function entryKey(manifest) {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the Vite manifest, found ${entries.length}`);
  return entries[0][0];
}

function routeKeys(manifest, module) {
  if (!manifest[module]) throw new Error(`The Vite manifest has no route module ${module}`);
  const keys = staticClosure(manifest, entryKey(manifest));
  return staticClosure(manifest, module, keys);
}

/** The JS files (relative to dist) a first visit to the route with page module `module` downloads. */
export function routeFiles(manifest, module) {
  return [...routeKeys(manifest, module)].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

/** The stylesheets (relative to dist) the same visit loads. */
export function routeStylesheets(manifest, module) {
  return [...new Set([...routeKeys(manifest, module)].flatMap((key) => manifest[key].css ?? []))];
}

function gzipSize(file) {
  return gzipSync(readFileSync(file)).length;
}

/** Source files bundled into `file`, from its (hidden) source map. */
function sourcesOf(file) {
  const map = `${file}.map`;
  if (!existsSync(map)) return [];
  return JSON.parse(readFileSync(map, 'utf8')).sources ?? [];
}

/** The JS and CSS the admin area adds to a first visit (its closure minus the entry's), gzipped. */
function adminArea(manifest, dist) {
  if (!manifest[ADMIN_MODULE]) return undefined;
  const entry = staticClosure(manifest, entryKey(manifest));
  const keys = [...staticClosure(manifest, ADMIN_MODULE)].filter((key) => !entry.has(key));
  const js = keys.map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const css = [...new Set(keys.flatMap((key) => manifest[key].css ?? []))];
  const files = js.map((file) => ({ file, gzip: gzipSize(join(dist, file)) })).sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const cssGzip = css.reduce((sum, file) => sum + gzipSize(join(dist, file)), 0);
  return { totalKb: Number((total / 1000).toFixed(1)), cssKb: Number((cssGzip / 1000).toFixed(1)), files };
}

export function checkBundle({ dist, budgetKb, adminBudgetKb = 250 }) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npx nx run web:build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const problems = [];

  const routes = BUDGETED_ROUTES.map(({ route, module }) => {
    const files = routeFiles(manifest, module).map((file) => ({ file, gzip: gzipSize(join(dist, file)) }));
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    if (total > budgetKb * 1000) {
      problems.push(`${route} loads ${(total / 1000).toFixed(1)} kB of gzipped JavaScript; the budget is ${budgetKb} kB`);
    }
    const cssGzip = routeStylesheets(manifest, module).reduce((sum, file) => sum + gzipSize(join(dist, file)), 0);
    return {
      route,
      totalKb: Number((total / 1000).toFixed(1)),
      cssKb: Number((cssGzip / 1000).toFixed(1)),
      files: files.sort((a, b) => b.gzip - a.gzip),
    };
  });

  for (const module of PUBLIC_ROUTE_MODULES) {
    if (!manifest[module]) continue;
    for (const file of routeFiles(manifest, module)) {
      const leaked = sourcesOf(join(dist, file)).filter((source) => PRIVATE_SOURCE.test(source));
      if (leaked.length > 0) problems.push(`${module} loads ${file}, which contains ${leaked.join(', ')}`);
    }
  }
  const admin = adminArea(manifest, dist);
  if (admin && admin.totalKb > adminBudgetKb) {
    problems.push(`the admin area loads ${admin.totalKb} kB of gzipped JavaScript beyond the entry; the budget is ${adminBudgetKb} kB`);
  }
  return { budgetKb, routes, admin, adminBudgetKb, problems };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const result = checkBundle(args);
  if (args.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    for (const { route, totalKb, cssKb, files } of result.routes) {
      console.log(`${route}: ${totalKb} kB gzip of JavaScript (budget ${result.budgetKb} kB), ${cssKb} kB gzip of CSS`);
      for (const { file, gzip } of files) console.log(`  ${(gzip / 1000).toFixed(1).padStart(6)} kB  ${file}`);
    }
    if (result.admin) {
      const { totalKb, cssKb, files } = result.admin;
      console.log(`admin area: ${totalKb} kB gzip of JavaScript beyond the entry (budget ${result.adminBudgetKb} kB), ${cssKb} kB gzip of CSS`);
      for (const { file, gzip } of files.slice(0, 8)) console.log(`  ${(gzip / 1000).toFixed(1).padStart(6)} kB  ${file}`);
    }
  }
  if (result.problems.length > 0) {
    console.error(`\nBundle check FAILED:\n- ${result.problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nBundle check passed.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
