const { webProject } = require('../../../jest.preset.cjs');

module.exports = webProject(__dirname);
