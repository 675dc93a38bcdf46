import { applyChangesToString, ChangeType, logger, type StringChange, type Tree } from '@nx/devkit';
import * as ts from 'typescript';

/**
 * Edits of existing TypeScript and JSON files, located with the TypeScript compiler's syntax tree
 * and applied as text insertions (`applyChangesToString`), so the rest of a file keeps its exact
 * text. Every edit first looks for what it would add: run twice, it changes nothing and says so.
 */

export function parse(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The outcome of one edit, for the generator's log. */
export interface Edit {
  file: string;
  what: string;
  changed: boolean;
}

/** Reads `path`, lets `edit` compute insertions on its syntax tree, writes the result when there are any, and logs either way. */
export function editTypeScript(tree: Tree, path: string, what: string, edit: (source: ts.SourceFile, text: string) => StringChange[]): Edit {
  const text = tree.read(path, 'utf-8');
  if (text === null) throw new Error(`Cannot wire ${what}: ${path} does not exist.`);
  return applyEdit(tree, path, what, text, edit(parse(path, text), text));
}

/** Writes `changes` to `path` when there are any, and logs either way. */
function applyEdit(tree: Tree, path: string, what: string, text: string, changes: StringChange[]): Edit {
  if (changes.length === 0) {
    logger.info(`UNCHANGED ${path}: ${what} already there`);
    return { file: path, what, changed: false };
  }
  tree.write(path, applyChangesToString(text, changes));
  logger.info(`UPDATE ${path}: ${what}`);
  return { file: path, what, changed: true };
}

export function insertion(index: number, text: string): StringChange {
  return { type: ChangeType.Insert, index, text };
}

/** Leading whitespace of the line `position` is on. */
export function indentAt(text: string, position: number): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** Depth-first search for the first node that satisfies `test`. */
export function findNode<T extends ts.Node>(root: ts.Node, test: (node: ts.Node) => node is T): T | undefined {
  let found: T | undefined;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (test(node)) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

export function findClass(source: ts.SourceFile, name: string): ts.ClassDeclaration | undefined {
  return findNode(source, (node): node is ts.ClassDeclaration => ts.isClassDeclaration(node) && node.name?.text === name);
}

/** The name of a property (`name:`, `'name':`, shorthand or method). */
export function propertyNameOf(property: ts.ObjectLiteralElementLike | ts.TypeElement): string | undefined {
  const name = property.name;
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** Whether an import of `name` (a value or a type) from `module` exists. */
export function hasNamedImport(source: ts.SourceFile, module: string, name: string): boolean {
  return source.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text === module &&
      !!s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings) &&
      s.importClause.namedBindings.elements.some((e) => e.name.text === name),
  );
}

/**
 * Adds `name` (`type X` for a type-only import) to the import from `module`, or a new import
 * declaration placed in the order of the file's package imports (relative imports stay last).
 */
export function addNamedImport(source: ts.SourceFile, module: string, name: string, { typeOnly = false } = {}): StringChange[] {
  if (hasNamedImport(source, module, name)) return [];
  const imports = source.statements.filter(ts.isImportDeclaration);
  const fromModule = imports.filter(
    (s) =>
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text === module &&
      !!s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings),
  );
  // A type goes into an `import type {}` of the module when there is one; a value never does.
  const typeImport = typeOnly ? fromModule.find((s) => s.importClause?.isTypeOnly) : undefined;
  const existing = typeImport ?? fromModule.find((s) => !s.importClause?.isTypeOnly);
  const specifier = typeOnly && !typeImport ? `type ${name}` : name;
  if (existing) {
    const bindings = existing.importClause?.namedBindings as ts.NamedImports;
    const last = bindings.elements[bindings.elements.length - 1];
    if (!last) return [insertion(bindings.getStart() + 1, ` ${specifier} `)];
    // One name per line when the import is written so (a trailing comma stays after the new name).
    const multiline = bindings.getText().includes('\n');
    return [insertion(last.getEnd(), multiline ? `,\n${indentAt(source.text, last.getStart())}${specifier}` : `, ${specifier}`)];
  }
  const declaration = `import { ${specifier} } from '${module}';\n`;
  const isRelative = (s: ts.ImportDeclaration) => (s.moduleSpecifier as ts.StringLiteral).text.startsWith('.');
  const relative = module.startsWith('.');
  const next = imports.find((s) => {
    const text = (s.moduleSpecifier as ts.StringLiteral).text;
    if (relative) return isRelative(s) && text.localeCompare(module) > 0;
    return isRelative(s) || text.localeCompare(module) > 0;
  });
  if (next) return [insertion(next.getStart(), declaration)];
  const last = imports[imports.length - 1];
  return last ? [insertion(last.getEnd(), `\n${declaration.trimEnd()}`)] : [insertion(0, `${declaration}\n`)];
}

/** Adds `export * from '<module>';` among the file's export declarations, in order. */
export function addExportStar(source: ts.SourceFile, module: string): StringChange[] {
  const exports = source.statements.filter(
    (s): s is ts.ExportDeclaration => ts.isExportDeclaration(s) && !!s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier),
  );
  if (exports.some((s) => (s.moduleSpecifier as ts.StringLiteral).text === module)) return [];
  const line = `export * from '${module}';`;
  const next = exports.find((s) => (s.moduleSpecifier as ts.StringLiteral).text.localeCompare(module) > 0);
  if (next) return [insertion(next.getStart(), `${line}\n`)];
  const last = source.statements[source.statements.length - 1];
  return last ? [insertion(last.getEnd(), `\n${line}`)] : [insertion(0, `${line}\n`)];
}

/** Appends `element` to an array literal written one element per line (or inline when it is on one line). */
export function appendToArray(text: string, array: ts.ArrayLiteralExpression, element: string, after?: ts.Expression): StringChange[] {
  const elements = array.elements;
  const anchor = after ?? elements[elements.length - 1];
  if (!anchor) return [insertion(array.getStart() + 1, element)];
  const multiline = text.slice(array.getStart(), array.getEnd()).includes('\n');
  return [insertion(anchor.getEnd(), multiline ? `,\n${indentAt(text, anchor.getStart())}${element}` : `, ${element}`)];
}

/** Appends `property` (`key: value`) to an object literal, one per line when it is written so. */
export function appendToObject(text: string, object: ts.ObjectLiteralExpression, property: string): StringChange[] {
  const properties = object.properties;
  const last = properties[properties.length - 1];
  if (!last) return [insertion(object.getStart() + 1, ` ${property} `)];
  const multiline = text.slice(object.getStart(), object.getEnd()).includes('\n');
  // Right after the last property: a trailing comma the file has stays after the new one.
  return [insertion(last.getEnd(), multiline ? `,\n${indentAt(text, last.getStart())}${property}` : `, ${property}`)];
}

/** Edits a JSON file through the TypeScript JSON parser, keeping its text and layout. */
export function editJson(tree: Tree, path: string, what: string, edit: (source: ts.JsonSourceFile, text: string) => StringChange[]): Edit {
  const text = tree.read(path, 'utf-8');
  if (text === null) throw new Error(`Cannot wire ${what}: ${path} does not exist.`);
  const source = ts.parseJsonText(path, text);
  // The JSON parser leaves parent links unset; node positions (getStart) need them.
  const link = (node: ts.Node) =>
    ts.forEachChild(node, (child) => {
      (child as { parent: ts.Node }).parent = node;
      link(child);
    });
  link(source);
  return applyEdit(tree, path, what, text, edit(source, text));
}

/** The object literal at `keys` of a JSON document (`compilerOptions.paths`). */
export function jsonObjectAt(source: ts.JsonSourceFile, keys: string[]): ts.ObjectLiteralExpression | undefined {
  let current: ts.Expression | undefined = source.statements[0]?.expression;
  for (const key of keys) {
    if (!current || !ts.isObjectLiteralExpression(current)) return undefined;
    const object: ts.ObjectLiteralExpression = current;
    const property: ts.PropertyAssignment | undefined = object.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameOf(p) === key,
    );
    current = property?.initializer;
  }
  return current && ts.isObjectLiteralExpression(current) ? current : undefined;
}
