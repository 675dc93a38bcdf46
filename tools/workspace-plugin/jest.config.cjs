const { nodeProject } = require('../../jest.preset.cjs');

// The fast suite: generators on an in-memory tree. The end-to-end run on a copy of the workspace is its own project (e2e/).
module.exports = nodeProject(__dirname);
