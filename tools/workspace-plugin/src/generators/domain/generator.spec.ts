import { logger, type Tree } from '@nx/devkit';
import { writeAuditFiles } from '../../testing/audit-files';
import { createFixtureWorkspace } from '../../testing/workspace';
import { AUDIT_FILES } from '../../utils/audit-wiring';
import { WIRING_FILES } from '../../utils/wiring';
import { domainGenerator } from './generator';

/** The text of every file the generator created or changed, by path. */
function changedFiles(tree: Tree): Record<string, string> {
  return Object.fromEntries(
    tree
      .listChanges()
      .filter((change) => change.type !== 'DELETE')
      .map((change) => [change.path, change.content?.toString('utf-8') ?? ''] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** What a generator changed in `tree` since `before` (path -> new text). */
function diffFrom(before: Record<string, string>, tree: Tree): string[] {
  return Object.keys({ ...before, ...changedFiles(tree) }).filter((path) => tree.read(path, 'utf-8') !== before[path]);
}

describe('domain generator', () => {
  let tree: Tree;
  let messages: string[];

  beforeEach(() => {
    tree = createFixtureWorkspace();
    writeAuditFiles(tree);
    messages = [];
    jest.spyOn(logger, 'info').mockImplementation((message) => void messages.push(String(message)));
  });

  afterEach(() => jest.restoreAllMocks());

  it('creates the schemas, data and server libs, and wires them (snapshot)', async () => {
    const before = Object.fromEntries(Object.values(WIRING_FILES).map((path) => [path, tree.read(path, 'utf-8') as string]));
    const task = await domainGenerator(tree, { name: 'quote' });
    expect(typeof task).toBe('function');

    const created = tree
      .listChanges()
      .filter((c) => c.type === 'CREATE')
      .map((c) => c.path)
      .filter((p) => p.startsWith('libs/') && !(p in before) && !Object.values<string>(AUDIT_FILES).includes(p))
      .sort();
    expect(created).toEqual([
      'libs/quote/data/project.json',
      'libs/quote/data/src/index.ts',
      'libs/quote/data/src/quote.table.ts',
      'libs/quote/data/tsconfig.json',
      'libs/quote/schemas/jest.config.cjs',
      'libs/quote/schemas/project.json',
      'libs/quote/schemas/src/index.ts',
      'libs/quote/schemas/src/quote.schemas.spec.ts',
      'libs/quote/schemas/src/quote.schemas.ts',
      'libs/quote/schemas/tsconfig.json',
      'libs/quote/server/jest.config.cjs',
      'libs/quote/server/project.json',
      'libs/quote/server/src/index.ts',
      'libs/quote/server/src/quote.errors.ts',
      'libs/quote/server/src/quote.integration.spec.ts',
      'libs/quote/server/src/quote.module.ts',
      'libs/quote/server/src/quote.repository.ts',
      'libs/quote/server/src/quote.router.ts',
      'libs/quote/server/src/quote.service.ts',
      'libs/quote/server/tsconfig.json',
    ]);
    for (const path of created) expect(tree.read(path, 'utf-8')).toMatchSnapshot(path);
    for (const path of Object.values(WIRING_FILES)) expect(tree.read(path, 'utf-8')).not.toBe(before[path]);
  });

  it('edits each wiring point in place, leaving the rest of the file as it was (snapshots of the edited files)', async () => {
    await domainGenerator(tree, { name: 'quote' });
    for (const path of Object.values(WIRING_FILES)) expect(tree.read(path, 'utf-8')).toMatchSnapshot(path);
  });

  it("makes the domain an audit entity: the services record its writes as 'quote', the activity screen names, colours and filters it", async () => {
    await domainGenerator(tree, { name: 'quote' });
    // Appended last, whatever entity came before it.
    expect(tree.read(AUDIT_FILES.schemas, 'utf-8')).toMatch(/export const AUDIT_ENTITIES = \[[^\]]*, 'quote'\] as const;/);
    const format = tree.read(AUDIT_FILES.format, 'utf-8') as string;
    expect(format).toContain("\n  { value: 'quote', label: 'Quotes' },\n]");
    expect(format).toContain("\n  quote: 'Quote',\n};");
    expect(tree.read(AUDIT_FILES.table, 'utf-8')).toContain("\n  quote: 'gray',\n}");
    expect(tree.read('libs/quote/server/src/quote.service.ts', 'utf-8')).toContain("entity: 'quote'");
  });

  it('quotes a two-word entity where it is an object key', async () => {
    await domainGenerator(tree, { name: 'trade-in' });
    expect(tree.read(AUDIT_FILES.schemas, 'utf-8')).toContain(", 'trade-in'] as const;");
    expect(tree.read(AUDIT_FILES.format, 'utf-8')).toContain("  'trade-in': 'Trade in',\n};");
    expect(tree.read(AUDIT_FILES.table, 'utf-8')).toContain("  'trade-in': 'gray',\n}");
  });

  it('adds the web lib with --web, and its path alias', async () => {
    await domainGenerator(tree, { name: 'quote', web: true });
    const web = tree
      .listChanges()
      .map((c) => c.path)
      .filter((p) => p.startsWith('libs/quote/web/'))
      .sort();
    expect(web).toEqual([
      'libs/quote/web/jest.config.cjs',
      'libs/quote/web/project.json',
      'libs/quote/web/src/index.ts',
      'libs/quote/web/src/lib/QuoteForm/QuoteForm.test.tsx',
      'libs/quote/web/src/lib/QuoteForm/QuoteForm.tsx',
      'libs/quote/web/src/lib/pages/AdminQuotes.page.test.tsx',
      'libs/quote/web/src/lib/pages/AdminQuotes.page.tsx',
      'libs/quote/web/tsconfig.json',
    ]);
    for (const path of web) expect(tree.read(path, 'utf-8')).toMatchSnapshot(path);
    expect(JSON.parse(tree.read('libs/quote/web/project.json', 'utf-8') as string).tags).toEqual(['type:feature', 'scope:web', 'domain:quote']);
    expect(tree.read(WIRING_FILES.tsconfig, 'utf-8')).toContain('"@dealership/quote-web": ["./libs/quote/web/src/index.ts"],');
  });

  it('tags the projects for the module boundaries', async () => {
    await domainGenerator(tree, { name: 'quote' });
    expect(JSON.parse(tree.read('libs/quote/schemas/project.json', 'utf-8') as string)).toMatchObject({
      name: 'quote-schemas',
      tags: ['type:schema', 'scope:shared', 'domain:quote'],
    });
    expect(JSON.parse(tree.read('libs/quote/data/project.json', 'utf-8') as string)).toMatchObject({
      name: 'quote-data',
      tags: ['type:data', 'scope:server', 'domain:quote'],
    });
    expect(JSON.parse(tree.read('libs/quote/server/project.json', 'utf-8') as string)).toMatchObject({
      name: 'quote-server',
      tags: ['type:feature', 'scope:server', 'domain:quote'],
    });
  });

  it('--public-read serves list and byId to everyone and lists them as public in the authorization test', async () => {
    await domainGenerator(tree, { name: 'quote', publicRead: true });
    const router = tree.read('libs/quote/server/src/quote.router.ts', 'utf-8');
    expect(router).toContain('list: publicProcedure.input(QuoteListInputSchema)');
    expect(router).toContain('byId: publicProcedure.input(QuoteByIdInputSchema)');
    expect(router).toContain('create: adminProcedure');
    const spec = tree.read(WIRING_FILES.authorizationSpec, 'utf-8') as string;
    expect(spec).toContain("  'quote.list': 'query',\n  'quote.byId': 'query',\n};");
    expect(spec).not.toContain("path: 'quote.list'");
    expect(spec).toContain("{ path: 'quote.remove', type: 'mutation', access: 'admin', input: (f) => ({ id: take(f.quote.spare) }) },");
  });

  it('spells a two-word domain in every case it needs', async () => {
    await domainGenerator(tree, { name: 'trade-in' });
    expect(tree.read('libs/trade-in/data/src/trade-in.table.ts', 'utf-8')).toContain("export const tradeIns = pgTable(\n  'trade_ins',");
    expect(tree.read(WIRING_FILES.appRouter, 'utf-8')).toContain('tradeIn: this.tradeIn.router,');
    expect(tree.read(WIRING_FILES.apiModule, 'utf-8')).toContain("import { TradeInModule } from '@dealership/trade-in-server';");
    expect(tree.read('libs/trade-in/server/src/trade-in.service.ts', 'utf-8')).toContain('export class TradeInService');
  });

  it.each([
    ['car', 'libs/car already exists'],
    ['Quote', 'not kebab-case'],
    ['quote_item', 'not kebab-case'],
    ['2fa', 'not kebab-case'],
    ['quotes', 'looks plural: domains are singular ("quote"'],
    ['deliveries', '("delivery"'],
    ['api', 'reserved word'],
    ['server', 'reserved word'],
    ['web', 'reserved word'],
    ['shared', 'reserved word'],
    ['core', 'reserved word'],
    ['class', 'reserved word'],
    ['delete', 'reserved word'],
    ['', 'not kebab-case'],
  ])('refuses %j: %s, and changes nothing', async (name, message) => {
    tree.write('libs/car/server/src/car.router.ts', '');
    const before = changedFiles(tree);
    await expect(domainGenerator(tree, { name })).rejects.toThrow(message);
    expect(diffFrom(before, tree)).toEqual([]);
  });

  it('accepts singular names that end in s (address, status)', async () => {
    await expect(domainGenerator(tree, { name: 'address' })).resolves.toBeDefined();
    await expect(domainGenerator(tree, { name: 'status' })).resolves.toBeDefined();
  });

  it('a second run refuses and changes nothing', async () => {
    await domainGenerator(tree, { name: 'quote' });
    const after = changedFiles(tree);
    await expect(domainGenerator(tree, { name: 'quote' })).rejects.toThrow('libs/quote already exists: the domain "quote" is there (nothing was changed)');
    expect(diffFrom(after, tree)).toEqual([]);
  });

  it('the wiring is idempotent: wiring an already wired domain changes no file and says so', async () => {
    await domainGenerator(tree, { name: 'quote', web: true });
    const edited = [...Object.values(WIRING_FILES), ...Object.values(AUDIT_FILES)];
    const wired = Object.fromEntries(edited.map((path) => [path, tree.read(path, 'utf-8') as string]));
    // The libs gone (deleted by hand), the wiring still there: a new run recreates the libs and leaves every wiring file alone.
    tree.delete('libs/quote');
    messages.length = 0;
    await domainGenerator(tree, { name: 'quote', web: true });
    for (const path of edited) expect(tree.read(path, 'utf-8')).toBe(wired[path]);
    expect(messages.filter((m) => m.startsWith('UNCHANGED'))).toHaveLength(edited.length);
    expect(messages).toContain('The wiring was already in place: no existing file changed.');
  });

  it('skips the migration with --skip-migration (the task runs drizzle-kit after the files are written)', async () => {
    expect(await domainGenerator(tree, { name: 'quote', skipMigration: true })).toBeUndefined();
  });
});
