/**
 * The API's type, and nothing that runs: the web imports `@dealership/server-api/contract` with
 * `import type` only. The web projects do not depend on server-api in the project graph
 * (`implicitDependencies: ["!server-api"]`), so a server change does not re-run web tests; their
 * typecheck still reads the server sources (a `production` input of every server project), so a contract change fails it.
 */
export type { AppRouter } from './app-router.factory';
