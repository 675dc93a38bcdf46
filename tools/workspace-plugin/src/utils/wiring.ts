import type { StringChange, Tree } from '@nx/devkit';
import * as ts from 'typescript';
import {
  addExportStar,
  addNamedImport,
  appendToArray,
  appendToObject,
  editJson,
  editTypeScript,
  type Edit,
  findClass,
  findNode,
  indentAt,
  insertion,
  jsonObjectAt,
  propertyNameOf,
} from './ast';
import type { DomainNames } from './names';

/** The workspace files a new domain is wired into. */
export const WIRING_FILES = {
  tsconfig: 'tsconfig.base.json',
  apiModule: 'apps/server/src/api.module.ts',
  appRouter: 'libs/app-router/src/app-router.factory.ts',
  authorizationSpec: 'apps/server/src/authorization.integration.spec.ts',
  hostileInputSpec: 'apps/server/src/hostile-input.reliability.spec.ts',
  appSchema: 'libs/app-schema/src/index.ts',
} as const;

/** Adds path aliases (`@dealership/quote-schemas` -> its index.ts) to tsconfig.base.json, in order. */
export function addTsconfigPaths(tree: Tree, aliases: Record<string, string>): Edit {
  return editJson(tree, WIRING_FILES.tsconfig, `path aliases ${Object.keys(aliases).join(', ')}`, (source, text) => {
    const paths = jsonObjectAt(source, ['compilerOptions', 'paths']);
    if (!paths) throw new Error(`${WIRING_FILES.tsconfig} has no compilerOptions.paths to add the aliases to.`);
    const existing = paths.properties.map((p) => propertyNameOf(p) ?? '');
    const changes: StringChange[] = [];
    for (const [alias, target] of Object.entries(aliases)) {
      if (existing.includes(alias)) continue;
      const entry = `${JSON.stringify(alias)}: [${JSON.stringify(target)}]`;
      const next = paths.properties.find((p) => (propertyNameOf(p) ?? '').localeCompare(alias) > 0);
      if (next) {
        changes.push(insertion(next.getStart(), `${entry},\n${indentAt(text, next.getStart())}`));
      } else {
        changes.push(...appendToObject(text, paths, entry));
      }
    }
    return changes;
  });
}

/** The module names imported from `@dealership/*-server` packages: the feature modules. */
function featureImports(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/^@dealership\/[a-z0-9-]+-server$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) bindings.elements.forEach((e) => names.add(e.name.text));
  }
  return names;
}

/** Imports the feature module into `ApiModule.forRoot`'s `imports`, after the other feature modules. */
export function wireApiModule(tree: Tree, n: DomainNames): Edit {
  const moduleName = `${n.className}Module`;
  return editTypeScript(tree, WIRING_FILES.apiModule, `${moduleName} in ApiModule`, (source, text) => {
    const apiModule = findClass(source, 'ApiModule');
    if (!apiModule) throw new Error(`${WIRING_FILES.apiModule} has no class ApiModule.`);
    const imports = findNode(
      apiModule,
      (node): node is ts.PropertyAssignment =>
        ts.isPropertyAssignment(node) && propertyNameOf(node) === 'imports' && ts.isArrayLiteralExpression(node.initializer),
    );
    if (!imports) throw new Error(`${WIRING_FILES.apiModule}: ApiModule has no \`imports: [...]\` to add ${moduleName} to.`);
    const array = imports.initializer as ts.ArrayLiteralExpression;
    const changes = addNamedImport(source, `@dealership/${n.name}-server`, moduleName);
    if (!array.elements.some((e) => ts.isIdentifier(e) && e.text === moduleName)) {
      const features = featureImports(source);
      const lastFeature = [...array.elements].reverse().find((e) => ts.isIdentifier(e) && features.has(e.text));
      changes.push(...appendToArray(text, array, moduleName, lastFeature));
    }
    return changes;
  });
}

/** Injects the feature's router into `AppRouterFactory` and adds its key to `create()`'s `router({...})`. */
export function wireAppRouter(tree: Tree, n: DomainNames): Edit {
  const routerClass = `${n.className}Router`;
  return editTypeScript(tree, WIRING_FILES.appRouter, `router key \`${n.propertyName}\` in AppRouterFactory`, (source, text) => {
    const factory = findClass(source, 'AppRouterFactory');
    const constructor = factory?.members.find(ts.isConstructorDeclaration);
    const create = factory?.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && propertyNameOf(m as never) === 'create');
    const routerCall =
      create &&
      findNode(create, (node): node is ts.CallExpression => ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'router');
    const routes = routerCall?.arguments[0];
    if (!constructor || !routes || !ts.isObjectLiteralExpression(routes)) {
      throw new Error(`${WIRING_FILES.appRouter}: expected class AppRouterFactory with a constructor and create() { return router({ ... }) }.`);
    }
    const changes = addNamedImport(source, `@dealership/${n.name}-server`, routerClass);
    if (!constructor.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === n.propertyName)) {
      const parameter = `private readonly ${n.propertyName}: ${routerClass}`;
      const last = constructor.parameters[constructor.parameters.length - 1];
      if (!last) {
        changes.push(insertion(constructor.getText().indexOf('(') + constructor.getStart() + 1, parameter));
      } else if (text.slice(constructor.getStart(), constructor.body?.getStart()).includes('\n')) {
        // After the last parameter: a trailing comma the file has stays after the new one.
        changes.push(insertion(last.getEnd(), `,\n${indentAt(text, last.getStart())}${parameter}`));
      } else {
        changes.push(insertion(last.getEnd(), `, ${parameter}`));
      }
    }
    if (!routes.properties.some((p) => propertyNameOf(p) === n.propertyName)) {
      changes.push(...appendToObject(text, routes, `${n.propertyName}: this.${n.propertyName}.router`));
    }
    return changes;
  });
}

/** Exports the domain's table file from the db schema index. */
export function wireAppSchema(tree: Tree, n: DomainNames): Edit {
  const dataLib = `@dealership/${n.name}-data`;
  return editTypeScript(tree, WIRING_FILES.appSchema, `export of ${dataLib}`, (source) => addExportStar(source, dataLib));
}

/** A row of the authorization matrix's TRPC_ROWS. */
export interface TrpcRowSpec {
  path: string;
  type: 'query' | 'mutation';
  access: 'user' | 'admin';
  /** The row's `input` function source, e.g. `(f) => ({ id: f.quote.id })`. */
  input?: string;
}

function variableInitializer(source: ts.SourceFile, name: string): ts.Expression | undefined {
  const declaration = findNode(
    source,
    (node): node is ts.VariableDeclaration => ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name,
  );
  return declaration?.initializer;
}

function rowPath(element: ts.Expression): string | undefined {
  if (!ts.isObjectLiteralExpression(element)) return undefined;
  const path = element.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameOf(p) === 'path');
  return path && ts.isStringLiteral(path.initializer) ? path.initializer.text : undefined;
}

function rowText(row: TrpcRowSpec): string {
  return `{ path: '${row.path}', type: '${row.type}', access: '${row.access}'${row.input ? `, input: ${row.input}` : ''} }`;
}

/** Changes that add protected procedures to TRPC_ROWS and public ones to PUBLIC_TRPC (each only when missing). */
export function authorizationChanges(
  source: ts.SourceFile,
  text: string,
  rows: TrpcRowSpec[],
  publicProcedures: Record<string, 'query' | 'mutation'>,
): StringChange[] {
  const changes: StringChange[] = [];
  if (rows.length > 0) {
    const array = variableInitializer(source, 'TRPC_ROWS');
    if (!array || !ts.isArrayLiteralExpression(array)) throw new Error(`${WIRING_FILES.authorizationSpec} has no \`const TRPC_ROWS: TrpcRow[] = [...]\`.`);
    const present = new Set(array.elements.map(rowPath));
    const missing = rows.filter((row) => !present.has(row.path));
    // Insertions at one place keep their order: the rows land in the order given.
    for (const row of missing) changes.push(...appendToArray(text, array, rowText(row)));
  }
  const publicEntries = Object.entries(publicProcedures);
  if (publicEntries.length > 0) {
    const object = variableInitializer(source, 'PUBLIC_TRPC');
    if (!object || !ts.isObjectLiteralExpression(object)) throw new Error(`${WIRING_FILES.authorizationSpec} has no \`const PUBLIC_TRPC = {...}\`.`);
    const present = new Set(object.properties.map((p) => propertyNameOf(p)));
    for (const [path, type] of publicEntries) {
      if (!present.has(path)) changes.push(...appendToObject(text, object, `'${path}': '${type}'`));
    }
  }
  return changes;
}

/**
 * Gives the authorization matrix records of the new table: `f.<domain>.id` for rows that read or
 * change one, and a `spare` pool for the deleting row (each of the eight actors' calls takes one).
 */
export function authorizationFixtureChanges(source: ts.SourceFile, text: string, n: DomainNames): StringChange[] {
  const changes: StringChange[] = [];
  const fixtures = findNode(source, (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'Fixtures');
  if (!fixtures) throw new Error(`${WIRING_FILES.authorizationSpec} has no interface Fixtures.`);
  if (!fixtures.members.some((m) => propertyNameOf(m) === n.propertyName)) {
    const last = fixtures.members[fixtures.members.length - 1];
    const member = `${n.propertyName}: { id: string; spare: string[] };`;
    changes.push(last ? insertion(last.getEnd(), `\n${indentAt(text, last.getStart())}${member}`) : insertion(fixtures.members.pos, `\n  ${member}\n`));
  }
  const assignment = findNode(
    source,
    (node): node is ts.ExpressionStatement =>
      ts.isExpressionStatement(node) &&
      ts.isBinaryExpression(node.expression) &&
      node.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.expression.left) &&
      node.expression.left.text === 'fixtures' &&
      ts.isObjectLiteralExpression(node.expression.right),
  );
  if (!assignment) throw new Error(`${WIRING_FILES.authorizationSpec} has no \`fixtures = { ... }\` in its beforeAll.`);
  const ids = `${n.propertyName}Ids`;
  const hasIds = !!findNode(
    source,
    (node): node is ts.VariableDeclaration => ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === ids,
  );
  if (!hasIds) {
    const indent = indentAt(text, assignment.getStart());
    changes.push(
      insertion(
        assignment.getStart(),
        `// Records of ${n.tableName} for the ${n.propertyName}.* rows: the first to read and change, the others for the deleting row.\n${indent}` +
          `const ${ids} = (await db.insert(${n.tableVariable}).values(Array.from({ length: 9 }, (_, i) => ({ name: \`Matrix ${n.label} \${i}\` }))).returning({ id: ${n.tableVariable}.id })).map((row) => row.id);\n${indent}`,
      ),
    );
    changes.push(...addNamedImport(source, `@dealership/${n.name}-data`, n.tableVariable));
  }
  const object = (assignment.expression as ts.BinaryExpression).right as ts.ObjectLiteralExpression;
  if (!object.properties.some((p) => propertyNameOf(p) === n.propertyName)) {
    changes.push(...appendToObject(text, object, `${n.propertyName}: { id: ${ids}[0], spare: ${ids}.slice(1) }`));
  }
  return changes;
}

/** The procedures a generated domain starts with, as rows of the matrix (admin) or public entries (`--public-read`). */
export function domainProcedureRows(n: DomainNames, publicRead: boolean): { rows: TrpcRowSpec[]; publicProcedures: Record<string, 'query' | 'mutation'> } {
  const key = n.propertyName;
  const reads: TrpcRowSpec[] = [
    { path: `${key}.list`, type: 'query', access: 'admin', input: '() => ({ page: 1 })' },
    { path: `${key}.byId`, type: 'query', access: 'admin', input: `(f) => ({ id: f.${key}.id })` },
  ];
  const writes: TrpcRowSpec[] = [
    { path: `${key}.create`, type: 'mutation', access: 'admin', input: `() => ({ name: 'Matrix ${n.label}' })` },
    { path: `${key}.update`, type: 'mutation', access: 'admin', input: `(f) => ({ id: f.${key}.id, name: 'Matrix ${n.label}, renamed' })` },
    { path: `${key}.remove`, type: 'mutation', access: 'admin', input: `(f) => ({ id: take(f.${key}.spare) })` },
  ];
  return publicRead
    ? { rows: writes, publicProcedures: { [`${key}.list`]: 'query', [`${key}.byId`]: 'query' } }
    : { rows: [...reads, ...writes], publicProcedures: {} };
}

/** Every row, public entry and fixture of a new domain in the authorization test. */
export function wireAuthorizationSpec(tree: Tree, n: DomainNames, publicRead: boolean): Edit {
  const { rows, publicProcedures } = domainProcedureRows(n, publicRead);
  return editTypeScript(tree, WIRING_FILES.authorizationSpec, `authorization rows and fixtures of ${n.propertyName}.*`, (source, text) => [
    ...authorizationChanges(source, text, rows, publicProcedures),
    ...authorizationFixtureChanges(source, text, n),
  ]);
}

/** A procedure's valid input in the hostile-input test, and whether only an admin may call it. */
export interface HostileTemplate {
  path: string;
  /** Source of the template object, e.g. `{ id: '...', name: 'Matrix quote' }`. */
  input: string;
  admin: boolean;
}

// Any well-formed id: a control character in it is refused before any lookup.
const SOME_ID = "'0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50'";

/** The hostile-input templates of a new domain's procedures. */
export function domainHostileTemplates(n: DomainNames, publicRead: boolean): HostileTemplate[] {
  const key = n.propertyName;
  return [
    { path: `${key}.list`, input: '{ page: 1, pageSize: 12 }', admin: !publicRead },
    { path: `${key}.byId`, input: `{ id: ${SOME_ID} }`, admin: !publicRead },
    { path: `${key}.create`, input: `{ name: 'Matrix ${n.label}' }`, admin: true },
    { path: `${key}.update`, input: `{ id: ${SOME_ID}, name: 'Matrix ${n.label}' }`, admin: true },
    { path: `${key}.remove`, input: `{ id: ${SOME_ID} }`, admin: true },
  ];
}

/**
 * Changes that give procedures a valid input in the hostile-input test's `templates()` (its
 * completeness check wants one for every procedure that takes input) and, for admin-only ones,
 * make `actorFor` call them as the admin (a customer would be refused before validation): an
 * alternative appended to its regular expression, `/...|^quote\.(create|update)$/`.
 */
export function hostileInputChanges(source: ts.SourceFile, text: string, templates: HostileTemplate[]): StringChange[] {
  const changes: StringChange[] = [];
  const record = findNode(
    source,
    (node): node is ts.VariableDeclaration =>
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'trpc' &&
      !!node.initializer &&
      ts.isObjectLiteralExpression(node.initializer),
  )?.initializer as ts.ObjectLiteralExpression | undefined;
  if (!record) throw new Error(`${WIRING_FILES.hostileInputSpec} has no \`const trpc = { ... }\` of templates.`);
  const present = new Set(record.properties.map((p) => propertyNameOf(p)));
  for (const template of templates) {
    if (!present.has(template.path)) changes.push(...appendToObject(text, record, `'${template.path}': ${template.input}`));
  }
  const admin = templates.filter((t) => t.admin);
  if (admin.length > 0) {
    const actorFor = findNode(
      source,
      (node): node is ts.VariableDeclaration => ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'actorFor',
    );
    const regex = actorFor && findNode(actorFor, (node): node is ts.RegularExpressionLiteral => node.kind === ts.SyntaxKind.RegularExpressionLiteral);
    if (!regex) throw new Error(`${WIRING_FILES.hostileInputSpec} has no \`actorFor\` with a regular expression of admin endpoints.`);
    const literal = regex.getText();
    const pattern = literal.slice(1, literal.lastIndexOf('/'));
    const domain = admin[0].path.split('.')[0];
    const names = admin.map((t) => t.path.split('.')[1]).filter((name) => !new RegExp(pattern).test(`${domain}.${name}`));
    if (names.length > 0) {
      const alternative = `|^${domain}\\.${names.length === 1 ? names[0] : `(${names.join('|')})`}$`;
      changes.push(insertion(regex.getStart() + literal.lastIndexOf('/'), alternative));
    }
  }
  return changes;
}

/** The templates (and admin callers) of a new domain's procedures in the hostile-input test. */
export function wireHostileInputSpec(tree: Tree, n: DomainNames, publicRead: boolean): Edit {
  return editTypeScript(tree, WIRING_FILES.hostileInputSpec, `hostile-input templates of ${n.propertyName}.*`, (source, text) =>
    hostileInputChanges(source, text, domainHostileTemplates(n, publicRead)),
  );
}
