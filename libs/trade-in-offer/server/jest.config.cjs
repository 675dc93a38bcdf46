const { nodeProject } = require('../../../jest.preset.cjs');

module.exports = nodeProject(__dirname);
