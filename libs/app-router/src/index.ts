/**
 * The composition of the feature routers into the one tRPC router, and its type. `apps/server`
 * provides `AppRouterFactory`; the web imports `AppRouter` with `import type` only (lint refuses
 * a value import), and has no graph edge to this project (`implicitDependencies: ["!app-router"]`),
 * so a server change does not re-run web tests; the web's typecheck still reads the server sources
 * (a `production` input of every `scope:api` and `scope:server` project), so a contract change fails it.
 */
export { AppRouterFactory, type AppRouter } from './app-router.factory';
