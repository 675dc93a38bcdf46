import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the table definitions: `npm run db:generate`.
// Never point drizzle-kit at a data folder the app has open (PGlite does not lock it).
export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/app-schema/src/index.ts',
  out: './libs/server/db/migrations',
  casing: undefined,
  strict: true,
});
