export { type CspContribution, ContributesCspSources, type CspSources, CspSourcesCollector, CspSourcesModule } from './csp-sources';
export { createFastifyAdapter } from './fastify-adapter';
export { type HttpOptions, serveHttp } from './serve-http';
export { sourcePageOf, userAgentOf } from './request-origin';
