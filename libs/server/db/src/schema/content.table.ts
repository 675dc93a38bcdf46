import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

/** Contents: the domain's own columns go here (then `npm run db:generate`). */
export const contents = pgTable(
  'contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('contents_created_at_idx').on(t.createdAt, t.id)],
);
