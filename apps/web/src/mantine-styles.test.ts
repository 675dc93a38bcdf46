import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// The public pages ship only the Mantine stylesheets listed in mantine-styles.ts. This test reads
// every public source file and fails when one uses a Mantine component whose stylesheet is neither
// in that list nor imported by the file itself (lazy chunks such as the mobile menu).

const ROOT = join(__dirname, '../../..');
const STYLES_DIR = join(ROOT, 'node_modules/@mantine/core/styles');
const PUBLIC_SOURCE_DIRS = ['libs/web/ui/src/lib', 'libs/car/web/src/lib', 'libs/brand/web/src/lib', 'apps/web/src/app', 'apps/web/src/pages'];
// Screens that load Mantine's complete stylesheet through `withFullStyles` (routes.tsx).
const FULL_STYLES_SOURCES = /([\\/](dashboard|admin)[\\/]|LoginPage\.tsx$|RegisterPage\.tsx$)/;
/** Components that also need another component's sheet. */
const ALSO_NEEDS: Record<string, string[]> = { Anchor: ['Text'] };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Names imported from '@mantine/core' (types left out). */
function mantineImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
    for (const part of match[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

function importedSheets(source: string): Set<string> {
  return new Set([...source.matchAll(/import '@mantine\/core\/styles\/([\w-]+)\.css'/g)].map((m) => m[1]));
}

describe('Mantine stylesheets of the public pages', () => {
  const shellSheets = importedSheets(readFileSync(join(__dirname, 'mantine-styles.ts'), 'utf8'));

  it('lists only stylesheets that exist', () => {
    expect(shellSheets.size).toBeGreaterThan(10);
    for (const sheet of shellSheets) expect(existsSync(join(STYLES_DIR, `${sheet}.css`))).toBe(true);
  });

  it("keeps Mantine's own order (a component's rules follow those of the parts it builds on)", () => {
    const full = readFileSync(join(ROOT, 'node_modules/@mantine/core/styles.css'), 'utf8');
    const positions = [...shellSheets].map((sheet) => {
      const css = readFileSync(join(STYLES_DIR, `${sheet}.css`), 'utf8').trim();
      return full.indexOf(css.slice(0, 80));
    });
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('covers every Mantine component a public source file uses', () => {
    const missing: string[] = [];
    const files = PUBLIC_SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).filter((file) => !FULL_STYLES_SOURCES.test(file));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const own = importedSheets(source);
      for (const component of mantineImports(source)) {
        for (const sheet of [component, ...(ALSO_NEEDS[component] ?? [])]) {
          if (!existsSync(join(STYLES_DIR, `${sheet}.css`))) continue;
          if (!shellSheets.has(sheet) && !own.has(sheet)) missing.push(`${relative(ROOT, file)}: ${sheet}.css`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
