import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cars } from './car.table';
import { timestamps } from './timestamps';

/** Buyers' requests to the dealer (enquiries, test drives, trade-ins, imports, financing), worked by the staff. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** enquiry, test-drive, trade-in, import, financing (checked by the contract). */
    kind: text('kind').notNull().default('enquiry'),
    name: text('name').notNull(),
    /** +254 and nine digits. */
    phone: text('phone').notNull(),
    email: text('email'),
    message: text('message').notNull(),
    // The lead stays when its car is deleted.
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    preferredDate: date('preferred_date', { mode: 'string' }),
    /** HH:MM, Nairobi time (a test drive's slot). */
    preferredTime: text('preferred_time'),
    /** The kind's own fields (the buyer's car for a trade-in, the wanted car for an import, the terms for financing), as the contract's schema for that kind gives them. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** New, Contacted, Won, Lost. */
    status: text('status').notNull().default('New'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('leads_created_at_idx').on(t.createdAt, t.id),
    // The inbox: newest first, by status and by kind.
    index('leads_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('leads_kind_created_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
    // The New badge counts from the index alone.
    index('leads_new_idx')
      .on(t.id)
      .where(sql`status = 'New'`),
  ],
);
