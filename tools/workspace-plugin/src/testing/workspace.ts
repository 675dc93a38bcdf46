import { type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WIRING_FILES } from '../utils/wiring';

const FIXTURES = join(__dirname, 'fixtures');
const WORKSPACE_ROOT = join(__dirname, '../../../..');

/**
 * An empty Nx workspace holding copies of the real wiring points (taken from the workspace when
 * the plugin was written; the end-to-end test runs the generators on the real ones). After a
 * wiring file changes shape, copy it again (`cp apps/server/src/api.module.ts tools/workspace-plugin/src/testing/fixtures/api.module.ts.txt`)
 * and review the snapshots (`npx nx run workspace-plugin:test -- -u`).
 */
export function createFixtureWorkspace(): Tree {
  const tree = createTreeWithEmptyWorkspace();
  const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.txt`), 'utf-8');
  for (const path of Object.values(WIRING_FILES)) {
    const name = path.split('/').at(-1) as string;
    tree.write(path, fixture(name));
  }
  // The workspace's own Prettier config (not a copy): the generated files are formatted with it.
  tree.write('.prettierrc.json', readFileSync(join(WORKSPACE_ROOT, '.prettierrc.json'), 'utf-8'));
  return tree;
}
