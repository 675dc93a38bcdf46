// Jest's CommonJS module system cannot require() an ES module, and @fastify/static requires the
// ESM-only content-disposition@3 (Node itself can). @fastify/static calls it only for
// reply.download(), which this app never uses; this stands in for it under Jest alone.
function create(filename, options = {}) {
  const type = options.type || 'attachment';
  if (filename === undefined) return type;
  const ascii = String(filename).replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(String(filename))}`;
}

module.exports = { create, default: create };
