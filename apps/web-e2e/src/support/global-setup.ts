import { resolve } from 'node:path';
import { startServer } from './server-process';

/** Name of the variable that carries the server's URL to the config's `baseURL` in the workers. */
export const BASE_URL_ENV = 'E2E_BASE_URL';

// This file is apps/web-e2e/src/support/global-setup.ts; the server runs from the repository root.
const REPO_ROOT = resolve(__dirname, '../../../..');

/**
 * Starts the built server once for the whole run and returns the teardown (Playwright runs a
 * returned function as global teardown). Workers inherit the runner's environment, so the URL
 * set here reaches `use.baseURL` when they load the config.
 */
export async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer({ root: REPO_ROOT });
  process.env[BASE_URL_ENV] = server.baseUrl;
  return async () => {
    await server.stop();
  };
}

export default globalSetup;
