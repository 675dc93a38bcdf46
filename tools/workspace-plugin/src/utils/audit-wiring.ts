import type { StringChange, Tree } from '@nx/devkit';
import * as ts from 'typescript';
import { appendToArray, appendToObject, editTypeScript, type Edit, findNode, propertyNameOf } from './ast';
import type { DomainNames } from './names';

/**
 * The audit log's vocabulary a new domain joins: its entity (what its admin writes are recorded
 * about), and the activity screen's name, colour and filter of that entity (typed by the entity
 * list: a missing one does not compile).
 */
export const AUDIT_FILES = {
  schemas: 'libs/audit/schemas/src/audit.schemas.ts',
  format: 'libs/audit/web/src/lib/activity/audit-format.ts',
  table: 'libs/audit/web/src/lib/activity/ActivityTable.tsx',
} as const;

/** The array or object literal a top-level `const name = ...` holds, through `as const` and `satisfies`. */
function literalOf(source: ts.SourceFile, name: string): ts.Expression | undefined {
  const declaration = findNode(
    source,
    (node): node is ts.VariableDeclaration => ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name,
  );
  let value = declaration?.initializer;
  while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))) value = value.expression;
  return value;
}

function arrayOf(source: ts.SourceFile, path: string, name: string): ts.ArrayLiteralExpression {
  const value = literalOf(source, name);
  if (!value || !ts.isArrayLiteralExpression(value)) throw new Error(`${path} has no \`const ${name} = [...]\`.`);
  return value;
}

function objectOf(source: ts.SourceFile, path: string, name: string): ts.ObjectLiteralExpression {
  const value = literalOf(source, name);
  if (!value || !ts.isObjectLiteralExpression(value)) throw new Error(`${path} has no \`const ${name} = {...}\`.`);
  return value;
}

/** `quote` as an object key: bare when it is an identifier, quoted otherwise (`'trade-in'`). */
function key(entity: string): string {
  return /^[a-z][a-zA-Z0-9]*$/.test(entity) ? entity : `'${entity}'`;
}

/** Adds `entry` to `object` unless it has a property called `entity`. */
function entryChanges(text: string, object: ts.ObjectLiteralExpression, entity: string, value: string): StringChange[] {
  return object.properties.some((p) => propertyNameOf(p) === entity) ? [] : appendToObject(text, object, `${key(entity)}: ${value}`);
}

/**
 * Makes the domain an audit entity (its name, as the service records it): AUDIT_ENTITIES learns it,
 * and the activity screen its filter, name and badge colour.
 */
export function wireAuditEntity(tree: Tree, n: DomainNames): Edit[] {
  const entity = n.name;
  return [
    editTypeScript(tree, AUDIT_FILES.schemas, `audit entity '${entity}'`, (source, text) => {
      const entities = arrayOf(source, AUDIT_FILES.schemas, 'AUDIT_ENTITIES');
      if (entities.elements.some((e) => ts.isStringLiteral(e) && e.text === entity)) return [];
      return appendToArray(text, entities, `'${entity}'`);
    }),
    editTypeScript(tree, AUDIT_FILES.format, `activity filter and name of '${entity}'`, (source, text) => {
      const filters = arrayOf(source, AUDIT_FILES.format, 'ACTIVITY_FILTERS');
      const filtered = filters.elements.some(
        (e) =>
          ts.isObjectLiteralExpression(e) &&
          e.properties.some(
            (p) => ts.isPropertyAssignment(p) && propertyNameOf(p) === 'value' && ts.isStringLiteral(p.initializer) && p.initializer.text === entity,
          ),
      );
      return [
        ...(filtered ? [] : appendToArray(text, filters, `{ value: '${entity}', label: '${n.pluralLabel}' }`)),
        ...entryChanges(text, objectOf(source, AUDIT_FILES.format, 'ENTITY_NAMES'), entity, `'${n.label}'`),
      ];
    }),
    editTypeScript(tree, AUDIT_FILES.table, `activity badge colour of '${entity}'`, (source, text) =>
      entryChanges(text, objectOf(source, AUDIT_FILES.table, 'ENTITY_COLORS'), entity, `'gray'`),
    ),
  ];
}
