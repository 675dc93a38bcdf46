import { logger, type Tree } from '@nx/devkit';
import { writeAuditFiles } from '../../testing/audit-files';
import { createFixtureWorkspace } from '../../testing/workspace';
import { WIRING_FILES } from '../../utils/wiring';
import { domainGenerator } from '../domain/generator';
import { procedureGenerator } from './generator';

const files = {
  schemas: 'libs/quote/schemas/src/quote.schemas.ts',
  errors: 'libs/quote/server/src/quote.errors.ts',
  service: 'libs/quote/server/src/quote.service.ts',
  router: 'libs/quote/server/src/quote.router.ts',
};

describe('procedure generator', () => {
  let tree: Tree;
  let messages: string[];
  const read = (path: string) => tree.read(path, 'utf-8') as string;

  beforeEach(async () => {
    tree = createFixtureWorkspace();
    writeAuditFiles(tree);
    jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    await domainGenerator(tree, { name: 'quote', skipMigration: true });
    messages = [];
    jest.spyOn(logger, 'info').mockImplementation((message) => void messages.push(String(message)));
  });

  afterEach(() => jest.restoreAllMocks());

  it('adds the input schema, a stub throwing the typed NotImplemented error, the router entry and the authorization row (snapshots)', async () => {
    await procedureGenerator(tree, { domain: 'quote', name: 'approve', kind: 'mutation', access: 'admin' });
    expect(read(files.schemas)).toMatchSnapshot('schemas');
    expect(read(files.service)).toMatchSnapshot('service');
    expect(read(files.router)).toMatchSnapshot('router');
    expect(read(files.service)).toContain("approve(_input: QuoteApproveInput): Promise<void> {\n    throw new QuoteNotImplementedError('approve');\n  }");
    expect(read(files.router)).toContain('approve: adminProcedure.input(QuoteApproveInputSchema).mutation(({ input }) => quotes.approve(input)),');
    expect(read(WIRING_FILES.authorizationSpec)).toContain("{ path: 'quote.approve', type: 'mutation', access: 'admin', input: () => ({}) },\n];");
  });

  it('authed procedures are rows of access "user"; public ones go in the public list', async () => {
    await procedureGenerator(tree, { domain: 'quote', name: 'mine', kind: 'query', access: 'authed' });
    await procedureGenerator(tree, { domain: 'quote', name: 'latest', kind: 'query', access: 'public' });
    expect(read(files.router)).toContain('mine: authedProcedure.input(QuoteMineInputSchema).query(({ input }) => quotes.mine(input)),');
    expect(read(files.router)).toContain("import { adminProcedure, router, authedProcedure, publicProcedure } from '@dealership/server-trpc';");
    const spec = read(WIRING_FILES.authorizationSpec);
    expect(spec).toContain("{ path: 'quote.mine', type: 'query', access: 'user', input: () => ({}) },");
    expect(spec).toContain("  'quote.latest': 'query',\n};");
  });

  it('adds the NotImplemented error to a domain that lacks it, and keeps a multi-line import one name per line', async () => {
    tree.write(
      files.errors,
      "import { DomainError, ErrorCode } from '@dealership/shared-schemas';\n\nexport class QuoteNotFoundError extends DomainError {}\n",
    );
    // As Prettier writes an import too long for one line (brand.router.ts).
    const names = ['QuoteByIdInputSchema', 'QuoteCreateInputSchema', 'QuoteListInputSchema', 'QuoteRemoveInputSchema', 'QuoteUpdateInputSchema'];
    tree.write(files.router, read(files.router).replace(`import { ${names.join(', ')} }`, `import {\n${names.map((name) => `  ${name},\n`).join('')}}`));
    await procedureGenerator(tree, { domain: 'quote', name: 'approve', kind: 'mutation', access: 'admin' });
    expect(read(files.errors)).toMatchSnapshot('errors');
    expect(read(files.router)).toContain('  QuoteUpdateInputSchema,\n  QuoteApproveInputSchema,\n} from');
  });

  it('is idempotent: a second run changes nothing and says so', async () => {
    await procedureGenerator(tree, { domain: 'quote', name: 'approve', kind: 'mutation', access: 'admin' });
    const after = Object.fromEntries([...Object.values(files), WIRING_FILES.authorizationSpec].map((path) => [path, read(path)]));
    messages.length = 0;
    await procedureGenerator(tree, { domain: 'quote', name: 'approve', kind: 'mutation', access: 'admin' });
    for (const [path, text] of Object.entries(after)) expect(read(path)).toBe(text);
    expect(messages).toContain('quote.approve already exists with its schema, stub, router entry and test rows: nothing changed.');
  });

  it.each([
    [{ domain: 'nope', name: 'approve' }, '"nope" is not a domain of this workspace'],
    [{ domain: 'quote', name: 'Approve' }, 'not a camelCase verb'],
    [{ domain: 'quote', name: 'set-status' }, 'not a camelCase verb'],
    [{ domain: 'quote', name: 'delete' }, 'reserved word'],
    [{ domain: 'quote', name: 'approve', kind: 'subscription' }, '--kind must be query or mutation'],
    [{ domain: 'quote', name: 'approve', access: 'staff' }, '--access must be public, authed or admin'],
  ])('refuses %j', async (options, message) => {
    const before = read(files.router);
    await expect(procedureGenerator(tree, { kind: 'query', access: 'admin', ...options } as never)).rejects.toThrow(message);
    expect(read(files.router)).toBe(before);
  });
});
