import type { Tree } from '@nx/devkit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_FILES } from '../utils/audit-wiring';

const WORKSPACE_ROOT = join(__dirname, '../../../..');

/**
 * Writes the workspace's own audit vocabulary files (not copies, as the project's test inputs say)
 * into `tree`: the domain generator adds the new domain's entity to them.
 */
export function writeAuditFiles(tree: Tree): void {
  for (const path of Object.values(AUDIT_FILES)) tree.write(path, readFileSync(join(WORKSPACE_ROOT, path), 'utf-8'));
}
