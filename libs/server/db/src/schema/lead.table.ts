import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

/** Leads: the domain's own columns go here (then `npm run db:generate`). */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('leads_created_at_idx').on(t.createdAt, t.id)],
);
