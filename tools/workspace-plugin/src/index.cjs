// The entry nx.json registers. The plugin adds generators only (generators.json), no inferred targets;
// plain JavaScript, so that loading it costs no TypeScript transpiler on every nx command.
module.exports = { name: '@dealership/workspace-plugin' };
