export { type CspContribution, ContributesCspSources, type CspSources, CspSourcesCollector, CspSourcesModule } from './csp-sources';
export { createFastifyAdapter, HTTP_HEADERS_TIMEOUT_MS, HTTP_MAX_HEADER_BYTES, HTTP_TIMEOUTS } from './fastify-adapter';
export { type HttpOptions, serveHttp } from './serve-http';
export { sourcePageOf, userAgentOf } from './request-origin';
