import type { Tree } from '@nx/devkit';

/** The workspace's Prettier options: `.prettierrc.json` at its root, which editors and `npx prettier` read too. */
export function prettierOptions(tree: Tree): Record<string, unknown> {
  const text = tree.read('.prettierrc.json', 'utf-8');
  if (text === null) throw new Error('There is no .prettierrc.json at the workspace root: the generators format new files with it.');
  return JSON.parse(text) as Record<string, unknown>;
}

/** Formats the files a generator created (never existing files, whose other lines are not ours to reflow). */
export async function formatNewFiles(tree: Tree, paths: string[]): Promise<void> {
  const prettier = await import('prettier');
  const options = prettierOptions(tree);
  for (const path of paths) {
    if (!/\.(ts|tsx|json)$/.test(path) || !tree.exists(path)) continue;
    const text = tree.read(path, 'utf-8') ?? '';
    tree.write(path, await prettier.format(text, { ...options, filepath: path }));
  }
}
