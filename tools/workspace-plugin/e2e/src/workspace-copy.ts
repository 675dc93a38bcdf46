import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The workspace this test runs in. */
export const WORKSPACE_ROOT = join(__dirname, '../../../..');

/**
 * A copy of the workspace as a clean checkout would have it (the files git tracks, and new ones
 * not ignored: no data, builds or caches), in a temp folder, sharing the main node_modules
 * through a symlink so nothing is installed.
 */
export function copyWorkspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'dealership-generator-e2e-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: WORKSPACE_ROOT,
    encoding: 'utf-8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(WORKSPACE_ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(join(WORKSPACE_ROOT, file), join(root, file));
  }
  symlinkSync(join(WORKSPACE_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

export function removeWorkspace(root: string): void {
  if (!process.env.KEEP_GENERATOR_E2E) rmSync(root, { recursive: true, force: true });
}

/**
 * This process's environment without what the outer Nx task and Jest set for themselves
 * (`NX_WORKSPACE_ROOT_PATH`, `NX_TASK_*`, `JEST_WORKER_ID`...): the copy is a workspace of its own.
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(NX_|JEST_|npm_)/.test(key)));
}

/** Runs a command in the copy with Nx's CI settings; returns its exit status and output. */
export function run(root: string, command: string, args: string[]): { status: number; output: string } {
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf-8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...inheritedEnv(), NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: 'true', FORCE_COLOR: '0', CI: 'true' },
  });
  return { status: result.status ?? 1, output: `${result.stdout}\n${result.stderr}` };
}

/** `npx nx ...` in the copy; fails the test with the command's output when it fails. */
export function nx(root: string, ...args: string[]): string {
  const { status, output } = run(root, 'npx', ['nx', ...args]);
  if (status !== 0) throw new Error(`nx ${args.join(' ')} failed (exit ${status}):\n${output.slice(-20_000)}`);
  return output;
}

/**
 * The files of the copy written since `since` (a `Date.now()`), caches and node_modules left out:
 * what a generator created or edited, for its lint.
 */
export function filesWrittenSince(root: string, since: number): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf-8' })
    .filter((file) => !/^(node_modules|\.nx|tmp|dist)(\/|$)/.test(file))
    .filter((file) => statSync(join(root, file)).isFile() && statSync(join(root, file)).mtimeMs >= since)
    .sort();
}
