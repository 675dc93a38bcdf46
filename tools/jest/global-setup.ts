// Jest global setup of every Node project (jest.preset.cjs), run once per Jest run before any test
// file: the run's migrated database snapshot (libs/server/db/src/testing/database-snapshot.ts),
// found in the cache or made now, named in the environment the test workers inherit.
import {
  prepareTemplateDatabase,
  prepareTestDatabaseSnapshot,
  TEST_SNAPSHOT_ENV,
  TEST_TEMPLATE_DATABASE_ENV,
} from '../../libs/server/db/src/testing/database-snapshot';

interface ProjectConfig {
  globals?: { __TEST_DATABASE_URL__?: string };
}

export default async function globalSetup(_globalConfig: unknown, projectConfig: ProjectConfig): Promise<void> {
  const serverUrl = projectConfig.globals?.__TEST_DATABASE_URL__;
  const started = Date.now();
  if (serverUrl) {
    const { name, made } = await prepareTemplateDatabase(serverUrl);
    process.env[TEST_TEMPLATE_DATABASE_ENV] = name;
    if (made) console.log(`\ntest database template ${name} made on the PostgreSQL server in ${Date.now() - started} ms`);
  } else {
    const { file, made } = await prepareTestDatabaseSnapshot();
    process.env[TEST_SNAPSHOT_ENV] = file;
    if (made) console.log(`\ntest database snapshot made in ${Date.now() - started} ms: ${file}`);
  }
}
