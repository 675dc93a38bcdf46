import { type GeneratorCallback, generateFiles, getProjects, joinPathFragments, logger, type Tree } from '@nx/devkit';
import { execFileSync } from 'node:child_process';
import { domainNameProblem, domainNames, type DomainNames, pluralize } from '../../utils/names';
import { formatNewFiles } from '../../utils/format';
import { wireAuditEntity } from '../../utils/audit-wiring';
import { addTsconfigPaths, wireApiModule, wireAppRouter, wireAuthorizationSpec, wireAppSchema, wireHostileInputSpec } from '../../utils/wiring';
import type { DomainGeneratorSchema } from './schema';

/** Why the workspace cannot take a domain called `name`, or undefined. */
export function domainRefusal(tree: Tree, name: string): string | undefined {
  const problem = domainNameProblem(name);
  if (problem) return problem;
  if (tree.exists(`libs/${name}`))
    return `libs/${name} already exists: the domain "${name}" is there (nothing was changed). Add a procedure with \`nx g @dealership/workspace-plugin:procedure ${name} <name>\`.`;
  const taken = [...getProjects(tree).keys()].filter((project) => [`${name}-schemas`, `${name}-data`, `${name}-server`, `${name}-web`].includes(project));
  if (taken.length > 0) return `The project name(s) ${taken.join(', ')} already exist (nothing was changed).`;
  return undefined;
}

function templateValues(n: DomainNames, publicRead: boolean) {
  return {
    ...n,
    lowerLabel: n.label.toLowerCase(),
    lowerPluralLabel: n.pluralLabel.toLowerCase(),
    classPluralName: pluralize(n.className),
    publicRead,
    readProcedure: publicRead ? 'publicProcedure' : 'adminProcedure',
    tmpl: '',
    template: '',
  };
}

/** The next migration, written by drizzle-kit from the table (after Nx has written the files). */
export function migrationTask(root: string, n: DomainNames): GeneratorCallback {
  return () => {
    logger.info(`Generating the migration of ${n.tableName} (drizzle-kit generate)...`);
    execFileSync('npx', ['--no-install', 'drizzle-kit', 'generate', '--config', 'libs/app-schema/drizzle.config.ts', '--name', n.tableName], {
      cwd: root,
      stdio: 'inherit',
    });
  };
}

export async function domainGenerator(tree: Tree, options: DomainGeneratorSchema): Promise<GeneratorCallback | void> {
  const name = String(options.name ?? '').trim();
  const refusal = domainRefusal(tree, name);
  if (refusal) throw new Error(`Refused: ${refusal}`);
  const n = domainNames(name);
  const publicRead = !!options.publicRead;
  const values = templateValues(n, publicRead);
  const files = joinPathFragments(__dirname, 'files');
  const created: string[] = [];
  const generate = (from: string, to: string) => {
    const before = new Set(tree.listChanges().map((c) => c.path));
    generateFiles(tree, joinPathFragments(files, from), to, values);
    created.push(
      ...tree
        .listChanges()
        .map((c) => c.path)
        .filter((path) => !before.has(path)),
    );
  };

  generate('schemas', `libs/${name}/schemas`);
  generate('server', `libs/${name}/server`);
  generate('data', `libs/${name}/data`);
  if (options.web) generate('web', `libs/${name}/web`);
  await formatNewFiles(tree, created);

  const aliases: Record<string, string> = {
    [`@dealership/${name}-schemas`]: `./libs/${name}/schemas/src/index.ts`,
    [`@dealership/${name}-data`]: `./libs/${name}/data/src/index.ts`,
    [`@dealership/${name}-server`]: `./libs/${name}/server/src/index.ts`,
  };
  if (options.web) aliases[`@dealership/${name}-web`] = `./libs/${name}/web/src/index.ts`;
  const edits = [
    addTsconfigPaths(tree, aliases),
    wireAppSchema(tree, n),
    wireApiModule(tree, n),
    wireAppRouter(tree, n),
    wireAuthorizationSpec(tree, n, publicRead),
    wireHostileInputSpec(tree, n, publicRead),
    ...wireAuditEntity(tree, n),
  ];
  if (edits.every((edit) => !edit.changed)) logger.info('The wiring was already in place: no existing file changed.');

  logger.info(
    [
      '',
      `Domain "${name}" generated: ${n.propertyName}.list and .byId (${publicRead ? 'public' : 'admin'}), .create, .update and .remove (admin, each recorded in the activity log as '${n.name}').`,
      'Left to you: the real fields (schema, table, then `npm run db:generate`), the rules in the service,',
      `the inputs of its authorization rows and hostile-input templates, ${options.web ? 'the web routes (SITE_ROUTES, the admin menu), ' : ''}and the docs (docs/domains.md, README's tables; test:postgres finds the new integration spec by itself).`,
    ].join('\n'),
  );
  if (options.skipMigration) return;
  return migrationTask(tree.root, n);
}

export default domainGenerator;
