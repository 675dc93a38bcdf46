import { type AppConfig, loadConfig } from '@dealership/server-core';
import { join } from 'node:path';

/** The configured admin of the whole-server specs. */
export const TEST_ADMIN = { email: 'boss@dealer.test', password: 'correct-horse-battery' } as const;

/**
 * The configuration of a whole-server spec: silent, no demo seed, no web build, media under
 * `root`, the test admin; `env` adds to it or overrides it (a JWT secret, payment stubs).
 */
export function wholeServerTestConfig(root: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: root,
    SEED_DEMO: 'false',
    WEB_DIST_DIR: join(root, 'no-web'),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...env,
  });
}
