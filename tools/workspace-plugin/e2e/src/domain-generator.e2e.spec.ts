import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyWorkspace, nx, removeWorkspace, run, WORKSPACE_ROOT } from './workspace-copy';

/**
 * The generators on the real workspace: `nx g @dealership/workspace-plugin:domain quote --web` in a
 * copy of it, then what `npm test` would run on the result (lint, typecheck and tests of the new
 * projects and of the files the generator edited), then a procedure added to the new domain.
 */
/**
 * The domain this test generates: `quote` (docs/adding-a-feature.md's example), or the first free one of the others
 * when a contributor has generated `quote` in this checkout (as "Adding a feature" invites), so
 * `nx g ...:domain quote --web && npm test` passes on a clean checkout.
 */
const NAME = ['quote', 'voucher', 'booking', 'survey'].find((candidate) => !existsSync(join(WORKSPACE_ROOT, 'libs', candidate))) ?? 'quote';

describe(`domain and procedure generators on a copy of the workspace (${NAME})`, () => {
  let root: string;
  const migrations = () => readdirSync(join(root, 'libs/server/db/migrations')).filter((file) => file.endsWith('.sql'));
  const jest = (config: string, ...args: string[]) => run(root, 'npx', ['jest', '--config', config, '--verbose', ...args]);

  beforeAll(() => {
    root = copyWorkspace();
  });

  afterAll(() => removeWorkspace(root));

  it('--dry-run writes nothing and generates no migration', () => {
    const before = migrations();
    const output = nx(root, 'g', '@dealership/workspace-plugin:domain', NAME, '--web', '--dry-run');
    expect(output).toContain(`CREATE libs/${NAME}/server/src/${NAME}.router.ts`);
    expect(output).toContain('UPDATE libs/app-router/src/app-router.factory.ts');
    expect(existsSync(join(root, 'libs', NAME))).toBe(false);
    expect(migrations()).toEqual(before);
  });

  it('generates the domain, wires it and writes its migration', () => {
    const before = migrations();
    nx(root, 'g', '@dealership/workspace-plugin:domain', NAME, '--web');
    for (const lib of ['schemas', 'server', 'web']) expect(existsSync(join(root, `libs/${NAME}/${lib}/project.json`))).toBe(true);
    const added = migrations().filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    expect(readFileSync(join(root, 'libs/server/db/migrations', added[0]), 'utf-8')).toContain(`CREATE TABLE "${NAME}s"`);
  });

  it('a second run is refused and changes nothing', () => {
    const wired = readFileSync(join(root, 'libs/app-router/src/app-router.factory.ts'), 'utf-8');
    const { status, output } = run(root, 'npx', ['nx', 'g', '@dealership/workspace-plugin:domain', NAME, '--web']);
    expect(status).not.toBe(0);
    expect(output).toContain(`libs/${NAME} already exists`);
    expect(readFileSync(join(root, 'libs/app-router/src/app-router.factory.ts'), 'utf-8')).toBe(wired);
  });

  it('passes lint and typecheck: the new projects, the edited API and db libs, and the web client typed from AppRouter', () => {
    nx(
      root,
      'run-many',
      '-t',
      'lint,typecheck',
      '-p',
      `${NAME}-schemas,${NAME}-server,${NAME}-web,app-router,server,server-db,web-trpc-client`,
      '--outputStyle=static',
    );
  });

  it("passes the new projects' tests (the server's on PGlite, with the new migration)", () => {
    nx(root, 'run-many', '-t', 'test', '-p', `${NAME}-schemas,${NAME}-server,${NAME}-web`, '--outputStyle=static');
  });

  it('passes the API tests that list every procedure (authorization matrix, hostile input) and the migrations test', () => {
    const api = jest('apps/server/jest.config.cjs', 'authorization', 'hostile-input');
    expect({ status: api.status, tail: api.status === 0 ? '' : api.output.slice(-10_000) }).toEqual({ status: 0, tail: '' });
    expect(api.output).toContain(`tRPC ${NAME}.remove (admin)`);
    const db = jest('libs/server/db/jest.config.cjs', 'migrations');
    expect({ status: db.status, tail: db.status === 0 ? '' : db.output.slice(-10_000) }).toEqual({ status: 0, tail: '' });
  });

  it('adds a procedure that compiles, lints and has its test rows, and says so when run again', () => {
    nx(root, 'g', '@dealership/workspace-plugin:procedure', NAME, 'approve', '--kind', 'mutation', '--access', 'admin');
    expect(nx(root, 'g', '@dealership/workspace-plugin:procedure', NAME, 'approve', '--kind', 'mutation', '--access', 'admin')).toContain('nothing changed');
    nx(root, 'run-many', '-t', 'lint,typecheck', '-p', `${NAME}-schemas,${NAME}-server,app-router,server`, '--outputStyle=static');
    // Its rows exist: the completeness checks pass (the matrix's admin call fails with 501 until the body is written, by design).
    const api = jest('apps/server/jest.config.cjs', 'authorization', 'hostile-input', '-t', 'completeness|has a template');
    expect({ status: api.status, tail: api.status === 0 ? '' : api.output.slice(-10_000) }).toEqual({ status: 0, tail: '' });
  });
});
