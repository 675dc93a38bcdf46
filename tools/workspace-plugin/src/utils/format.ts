import type { Tree } from '@nx/devkit';

/** The house Prettier options (no config file: `npx prettier --single-quote --print-width 160`). */
export const PRETTIER_OPTIONS = { singleQuote: true, printWidth: 160 } as const;

/** Formats the files a generator created (never existing files, whose other lines are not ours to reflow). */
export async function formatNewFiles(tree: Tree, paths: string[]): Promise<void> {
  const prettier = await import('prettier');
  for (const path of paths) {
    if (!/\.(ts|tsx|json)$/.test(path) || !tree.exists(path)) continue;
    const text = tree.read(path, 'utf-8') ?? '';
    tree.write(path, await prettier.format(text, { ...PRETTIER_OPTIONS, filepath: path }));
  }
}
