import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyWorkspace, filesWrittenSince, nx, removeWorkspace, run, WORKSPACE_ROOT } from './workspace-copy';

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
  /**
   * ESLint (module boundaries included) on the files a generator wrote or edited since `since`, in
   * one process: the rest of the workspace is linted by npm test. The boundaries rule reads the
   * project graph an Nx command of the copy cached (the typecheck run before it), and would be
   * skipped without one: the output says so, and that fails the test.
   */
  const lintWrittenSince = (since: number) => {
    const files = filesWrittenSince(root, since).filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file));
    expect(files.length).toBeGreaterThan(0);
    const lint = run(root, 'npx', ['eslint', '--max-warnings=0', ...files]);
    expect({ status: lint.status, output: lint.status === 0 ? '' : lint.output.slice(-10_000) }).toEqual({ status: 0, output: '' });
    expect(lint.output).not.toContain('No cached ProjectGraph');
    return files;
  };
  let generatedAt = 0;

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
    generatedAt = Date.now();
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

  it('writes what the hand-written domains do: audit records of admin writes, the row type from the table, the web-ui list states, sitePath links, no unused code', () => {
    const read = (path: string) => readFileSync(join(root, path), 'utf-8');
    const server = (file: string) => read(`libs/${NAME}/server/src/${NAME}.${file}`);

    // Every admin write is in the activity log, as the testimonial domain's are: the service records it through AuditService...
    const service = server('service.ts');
    expect(service).toContain("import { type AuditActor, AuditService } from '@dealership/audit-server';");
    for (const action of ['create', 'update', 'remove']) {
      expect(service).toMatch(new RegExp(`async ${action}\\([^)]*, actor: AuditActor\\)`));
      expect(service).toContain(`await this.audit.record({ actor, entity: '${NAME}', entityId: `);
      expect(service).toContain(`action: '${action}'`);
    }
    expect(server('module.ts')).toContain('imports: [AuditModule]');
    expect(server('router.ts')).toContain('ctx.user)');
    // ...the entity is in the audit vocabulary (and its activity screen)...
    expect(read('libs/audit/schemas/src/audit.schemas.ts')).toMatch(new RegExp(`AUDIT_ENTITIES = \\[[^\\]]*'${NAME}'\\]`));
    // ...and the generated integration spec proves a record is written (it passes in the next test).
    const integration = server('integration.spec.ts');
    expect(integration).toContain('.from(auditEvents)');
    expect(integration).toContain(`['${NAME}', 'create', 'First', admin.id]`);

    // The repository's row types come from the table, none written by hand.
    const repository = server('repository.ts');
    expect(repository).toMatch(/type \w+Row = typeof \w+\.\$inferSelect;/);
    expect(repository).toMatch(/type New\w+Row = typeof \w+\.\$inferInsert;/);
    expect(repository).not.toMatch(/interface \w+Columns/);

    // No unused code: the NotImplemented error comes with the first procedure stub (the procedure generator adds it).
    const generated = readdirSync(join(root, 'libs', NAME), { recursive: true, encoding: 'utf-8' }).filter((file) => /\.tsx?$/.test(file));
    expect(generated.length).toBeGreaterThan(10);
    const notImplemented = generated.filter((file) => read(`libs/${NAME}/${file}`).includes('NotImplemented'));
    expect(notImplemented).toEqual([]);

    // The admin list draws its loading, error and empty states with web-ui's PagedList (QueryState), and links with sitePath.
    const pages = readdirSync(join(root, `libs/${NAME}/web/src/lib/pages`)).filter((file) => file.endsWith('.page.tsx'));
    expect(pages).toHaveLength(1);
    const page = read(`libs/${NAME}/web/src/lib/pages/${pages[0]}`);
    expect(page).toMatch(/import \{[^}]*\bPagedList\b[^}]*\} from '@dealership\/web-ui';/);
    expect(page).toContain('<PagedList');
    expect(page).not.toMatch(/\b(PageLoader|ErrorState|PageNav)\b/);
    expect(page).toContain("import { sitePath } from '@dealership/shared-schemas';");
    expect(page).toContain("sitePath('adminActivity')");
    expect(page).not.toMatch(/(to|href)=["{]['`]?\//);
  });

  it('passes typecheck (the new projects, the edited API, composed schema and audit libs, the web client typed from AppRouter) and lint of what it wrote', () => {
    nx(
      root,
      'run-many',
      '-t',
      'typecheck',
      '-p',
      `${NAME}-schemas,${NAME}-data,${NAME}-server,${NAME}-web,app-router,app-schema,server,web-trpc-client,audit-schemas,audit-server,audit-web`,
      '--outputStyle=static',
    );
    const linted = lintWrittenSince(generatedAt);
    expect(linted).toEqual(
      expect.arrayContaining([`libs/${NAME}/server/src/${NAME}.router.ts`, 'apps/server/src/api.module.ts', 'libs/app-router/src/app-router.factory.ts']),
    );
  });

  it("passes the new projects' tests (the server's on PGlite, with the new migration, proving the audit records) and the audit libs' tests", () => {
    nx(root, 'run-many', '-t', 'test', '-p', `${NAME}-schemas,${NAME}-server,${NAME}-web,audit-schemas,audit-web`, '--outputStyle=static');
  });

  it('passes the API tests that list every procedure (authorization matrix, hostile input) and the migrations test', () => {
    const api = jest('apps/server/jest.config.cjs', 'authorization', 'hostile-input');
    expect({ status: api.status, tail: api.status === 0 ? '' : api.output.slice(-10_000) }).toEqual({ status: 0, tail: '' });
    expect(api.output).toContain(`tRPC ${NAME}.remove (admin)`);
    const db = jest('libs/app-schema/jest.config.cjs', 'migrations');
    expect({ status: db.status, tail: db.status === 0 ? '' : db.output.slice(-10_000) }).toEqual({ status: 0, tail: '' });
  });

  it('adds a procedure that compiles, lints and has its test rows, and says so when run again', () => {
    const procedureAt = Date.now();
    nx(root, 'g', '@dealership/workspace-plugin:procedure', NAME, 'approve', '--kind', 'mutation', '--access', 'admin');
    expect(nx(root, 'g', '@dealership/workspace-plugin:procedure', NAME, 'approve', '--kind', 'mutation', '--access', 'admin')).toContain('nothing changed');
    nx(root, 'run-many', '-t', 'typecheck', '-p', `${NAME}-schemas,${NAME}-server,app-router,server`, '--outputStyle=static');
    expect(lintWrittenSince(procedureAt)).toEqual(
      expect.arrayContaining([`libs/${NAME}/server/src/${NAME}.router.ts`, 'apps/server/src/authorization.integration.spec.ts']),
    );
    // Its rows exist: the completeness checks pass (the matrix's admin call fails with 501 until the body is written, by design).
    const api = jest('apps/server/jest.config.cjs', 'authorization', 'hostile-input', '-t', 'completeness|has a template');
    expect({ status: api.status, tail: api.status === 0 ? '' : api.output.slice(-10_000) }).toEqual({ status: 0, tail: '' });
  });
});
