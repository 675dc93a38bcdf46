import { names } from '@nx/devkit';

/** The spellings of a domain's name the templates and edits use. */
export interface DomainNames {
  /** As typed: `trade-in` (folders, files, project names). */
  name: string;
  /** `TradeIn` (classes, schemas). */
  className: string;
  /** `tradeIn` (router key, variables). */
  propertyName: string;
  /** `TRADE_IN` (constants). */
  constantName: string;
  /** `tradeIns` (the Drizzle table's variable). */
  tableVariable: string;
  /** `trade_ins` (the SQL table). */
  tableName: string;
  /** `Trade in` (copy shown to people). */
  label: string;
  /** `Trade ins`. */
  pluralLabel: string;
}

/** English plural of one kebab-case word group, good enough for table names (`quote` -> `quotes`, `delivery` -> `deliveries`). */
export function pluralize(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

export function domainNames(name: string): DomainNames {
  const n = names(name);
  const plural = pluralize(name);
  const words = name.split('-').join(' ');
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return {
    name,
    className: n.className,
    propertyName: n.propertyName,
    constantName: n.constantName,
    tableVariable: names(plural).propertyName,
    tableName: plural.replace(/-/g, '_'),
    label,
    pluralLabel: pluralize(label),
  };
}

/** Words a domain may not be called: the workspace's own folders and scopes, and what would break generated code. */
export const RESERVED_DOMAIN_NAMES = new Set([
  // folders and project name parts of the workspace
  'api',
  'app',
  'apps',
  'auth',
  'core',
  'db',
  'dist',
  'e2e',
  'index',
  'lib',
  'libs',
  'payment',
  'schemas',
  'seed',
  'server',
  'session',
  'shared',
  'site',
  'testing',
  'tools',
  'trpc',
  'trpc-client',
  'ui',
  'util',
  'web',
  // router keys tRPC or the client reserve
  'constructor',
  'prototype',
  'then',
  'query',
  'mutation',
  'subscription',
  'use-utils',
  'use-context',
  'use-queries',
  'use-suspense-queries',
  // JavaScript reserved words (a router key or variable named after the domain must be valid code)
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'implements',
  'import',
  'in',
  'instanceof',
  'interface',
  'let',
  'new',
  'null',
  'package',
  'private',
  'protected',
  'public',
  'return',
  'static',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
]);

const KEBAB_CASE = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;
// Plurals end in s; these singular endings do too (address, status, analysis, bus).
const SINGULAR_S_ENDINGS = /(ss|us|is)$/;

/** Why `name` cannot be a domain, or undefined when it can. */
export function domainNameProblem(name: string): string | undefined {
  if (!KEBAB_CASE.test(name)) return `"${name}" is not kebab-case: use lower-case words joined by hyphens, starting with a letter (e.g. "trade-in").`;
  if (name.length > 40) return `"${name}" is longer than 40 characters.`;
  if (RESERVED_DOMAIN_NAMES.has(name))
    return `"${name}" is a reserved word (a folder, scope or project of the workspace, or a JavaScript keyword): choose another name.`;
  const last = name.split('-').at(-1) ?? name;
  if (last.endsWith('s') && !SINGULAR_S_ENDINGS.test(last)) {
    const singular = name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.slice(0, -1);
    return `"${name}" looks plural: domains are singular ("${singular}", as "car", "brand", "order").`;
  }
  return undefined;
}

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/** Why `name` cannot be a procedure, or undefined when it can. */
export function procedureNameProblem(name: string): string | undefined {
  if (!CAMEL_CASE.test(name)) return `"${name}" is not a camelCase verb (e.g. "setStatus", "approve").`;
  if (RESERVED_DOMAIN_NAMES.has(name) || RESERVED_DOMAIN_NAMES.has(names(name).fileName)) return `"${name}" is a reserved word: choose another name.`;
  return undefined;
}
