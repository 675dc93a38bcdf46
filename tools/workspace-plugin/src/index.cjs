// The entry nx.json registers: the workspace's generators (generators.json) and one inferred target.
// Plain JavaScript, so that loading it costs no TypeScript transpiler on every nx command.
const { existsSync } = require('node:fs');
const { dirname, join } = require('node:path');

/** The nearest folder at or above `file`'s that holds a project.json (the owning project's root). */
function projectRootOf(workspaceRoot, file) {
  for (let dir = dirname(file); dir !== '.' && dir !== '/' && dir !== ''; dir = dirname(dir)) {
    if (existsSync(join(workspaceRoot, dir, 'project.json'))) return dir;
  }
  return undefined;
}

/**
 * `reliability`: every project holding a `*.reliability.spec.ts` gets the target (configured in
 * nx.json's targetDefaults: those specs only, cached), and its `test` target leaves them out, so a
 * new reliability spec anywhere is run by `npm test` and `npm run test:reliability` without listing it.
 */
const createNodes = [
  '**/src/**/*.reliability.spec.ts',
  (files, _options, context) => {
    const roots = new Map();
    for (const file of files) {
      const root = projectRootOf(context.workspaceRoot, file);
      if (root && !roots.has(root)) roots.set(root, file);
    }
    return [...roots].map(([root, file]) => [file, { projects: { [root]: { targets: { reliability: {} } } } }]);
  },
];

module.exports = { name: '@dealership/workspace-plugin', createNodes };
