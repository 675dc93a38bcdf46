import { logger, names, type StringChange, type Tree } from '@nx/devkit';
import * as ts from 'typescript';
import { addNamedImport, editTypeScript, type Edit, findClass, findNode, indentAt, insertion, propertyNameOf } from '../../utils/ast';
import { domainNames, procedureNameProblem } from '../../utils/names';
import { authorizationChanges, hostileInputChanges, WIRING_FILES } from '../../utils/wiring';
import type { ProcedureGeneratorSchema } from './schema';

const PROCEDURES = { public: 'publicProcedure', authed: 'authedProcedure', admin: 'adminProcedure' } as const;

function domainFiles(domain: string) {
  return {
    schemas: `libs/${domain}/schemas/src/${domain}.schemas.ts`,
    errors: `libs/${domain}/server/src/${domain}.errors.ts`,
    service: `libs/${domain}/server/src/${domain}.service.ts`,
    router: `libs/${domain}/server/src/${domain}.router.ts`,
  };
}

function declares(source: ts.SourceFile, name: string): boolean {
  return source.statements.some(
    (s) =>
      (ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) ||
      ((ts.isClassDeclaration(s) || ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)) && s.name?.text === name),
  );
}

function endOfFile(text: string): number {
  return text.trimEnd().length;
}

/** The `router({...})` object built in the router class's constructor, and the constructor's service parameter. */
function routerParts(source: ts.SourceFile, className: string) {
  const routerClass = findClass(source, `${className}Router`);
  const constructor = routerClass?.members.find(ts.isConstructorDeclaration);
  const call =
    constructor &&
    findNode(
      constructor,
      (node): node is ts.CallExpression => ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'router',
    );
  const routes = call?.arguments[0];
  const service = constructor?.parameters.find((p) => p.type && p.type.getText() === `${className}Service`);
  if (!routes || !ts.isObjectLiteralExpression(routes) || !service || !ts.isIdentifier(service.name)) return undefined;
  return { routes, service: service.name.text };
}

export async function procedureGenerator(tree: Tree, options: ProcedureGeneratorSchema): Promise<void> {
  const domain = String(options.domain ?? '').trim();
  const name = String(options.name ?? '').trim();
  const files = domainFiles(domain);
  const missing = Object.values(files).filter((path) => !tree.exists(path));
  if (!/^[a-z][a-z0-9-]*$/.test(domain) || missing.length > 0) {
    throw new Error(
      `Refused: "${domain}" is not a domain of this workspace (missing ${missing.join(', ')}). Create one with \`nx g @dealership/workspace-plugin:domain ${domain}\`.`,
    );
  }
  const problem = procedureNameProblem(name);
  if (problem) throw new Error(`Refused: ${problem}`);
  if (!['query', 'mutation'].includes(options.kind)) throw new Error(`Refused: --kind must be query or mutation, not "${options.kind}".`);
  if (!(options.access in PROCEDURES)) throw new Error(`Refused: --access must be public, authed or admin, not "${options.access}".`);

  const n = domainNames(domain);
  const path = `${n.propertyName}.${name}`;
  const schemaName = `${n.className}${names(name).className}InputSchema`;
  const typeName = `${n.className}${names(name).className}Input`;
  const errorName = `${n.className}NotImplementedError`;
  const procedure = PROCEDURES[options.access];

  const edits: Edit[] = [];
  edits.push(
    editTypeScript(tree, files.schemas, `input schema ${schemaName}`, (source, text) => {
      if (declares(source, schemaName)) return [];
      return [
        ...addNamedImport(source, 'zod', 'z'),
        insertion(
          endOfFile(text),
          `\n\n/** The input of \`${path}\`: add its fields. */\nexport const ${schemaName} = z.object({});\nexport type ${typeName} = z.infer<typeof ${schemaName}>;`,
        ),
      ];
    }),
  );

  edits.push(
    editTypeScript(tree, files.errors, errorName, (source, text) => {
      if (declares(source, errorName)) return [];
      return [
        ...addNamedImport(source, '@dealership/shared-schemas', 'DomainError'),
        ...addNamedImport(source, '@dealership/shared-schemas', 'ErrorCode'),
        insertion(
          endOfFile(text),
          `\n\n/** A procedure declared but not written yet (\`nx g @dealership/workspace-plugin:procedure\` adds it so). */\n` +
            `export class ${errorName} extends DomainError {\n  constructor(procedure: string) {\n    super(ErrorCode.NotImplemented, \`${n.propertyName}.\${procedure} is not implemented yet\`);\n  }\n}`,
        ),
      ];
    }),
  );

  edits.push(
    editTypeScript(tree, files.service, `service method ${n.className}Service.${name}`, (source, text) => {
      const service = findClass(source, `${n.className}Service`);
      if (!service) throw new Error(`${files.service} has no class ${n.className}Service.`);
      if (service.members.some((m) => m.name && propertyNameOf(m as never) === name)) return [];
      const closing = service.getEnd() - 1;
      const last = service.members[service.members.length - 1];
      const indent = last ? indentAt(text, last.getStart()) : '  ';
      const method =
        `\n${indent}/** \`${path}\`: write it, then give its authorization-test row a real input. */\n` +
        `${indent}${name}(_input: ${typeName}): Promise<void> {\n${indent}  throw new ${errorName}('${name}');\n${indent}}\n`;
      const changes: StringChange[] = [
        ...addNamedImport(source, `@dealership/${domain}-schemas`, typeName, { typeOnly: true }),
        ...addNamedImport(source, `./${domain}.errors`, errorName),
        last ? insertion(last.getEnd(), `\n${method.trimEnd()}`) : insertion(closing, method),
      ];
      return changes;
    }),
  );

  edits.push(
    editTypeScript(tree, files.router, `router entry ${path}`, (source, text) => {
      const parts = routerParts(source, n.className);
      if (!parts)
        throw new Error(`${files.router}: expected class ${n.className}Router whose constructor takes the ${n.className}Service and builds router({ ... }).`);
      if (parts.routes.properties.some((p) => propertyNameOf(p) === name)) return [];
      const entry = `${name}: ${procedure}.input(${schemaName}).${options.kind}(({ input }) => ${parts.service}.${name}(input))`;
      const last = parts.routes.properties[parts.routes.properties.length - 1];
      return [
        ...addNamedImport(source, `@dealership/${domain}-schemas`, schemaName),
        ...addNamedImport(source, '@dealership/server-trpc', procedure),
        last ? insertion(last.getEnd(), `,\n${indentAt(text, last.getStart())}${entry}`) : insertion(parts.routes.getStart() + 1, ` ${entry} `),
      ];
    }),
  );

  edits.push(
    editTypeScript(tree, WIRING_FILES.authorizationSpec, `authorization ${options.access === 'public' ? 'public entry' : 'row'} of ${path}`, (source, text) =>
      options.access === 'public'
        ? authorizationChanges(source, text, [], { [path]: options.kind })
        : authorizationChanges(source, text, [{ path, type: options.kind, access: options.access === 'admin' ? 'admin' : 'user', input: '() => ({})' }], {}),
    ),
  );

  edits.push(
    editTypeScript(tree, WIRING_FILES.hostileInputSpec, `hostile-input template of ${path}`, (source, text) =>
      hostileInputChanges(source, text, [{ path, input: '{}', admin: options.access === 'admin' }]),
    ),
  );

  if (edits.every((edit) => !edit.changed)) {
    logger.info(`${path} already exists with its schema, stub, router entry and test rows: nothing changed.`);
    return;
  }
  logger.info(
    `\n${path} added (${options.kind}, ${options.access}). Left to you: the fields of ${schemaName}, the body of ${n.className}Service.${name} ` +
      `(it throws ${errorName} until then, so the authorization test fails for it), the row's input in ${WIRING_FILES.authorizationSpec} and the template in ${WIRING_FILES.hostileInputSpec}.`,
  );
}

export default procedureGenerator;
