import { timestamps } from '@dealership/server-db/schema';
import { DEFAULT_RESERVATION_RULES } from '@dealership/setting-schemas';
import { date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The dealer's dated rate sets: the import-duty rates (KRA), the financing terms and the reservation rules that hold
 * from `effective_from` (Nairobi date) until the next set's date. The buyer tools read the set in
 * force today; older ones stay as the record of what estimates were based on.
 */
export const settings = pgTable(
  'settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** DutyRates of the setting contract. */
    duty: jsonb('duty').$type<Record<string, unknown>>().notNull(),
    /** FinanceSettings of the setting contract. */
    finance: jsonb('finance').$type<Record<string, unknown>>().notNull(),
    /** ReservationRules of the setting contract; the sets that predate them (migration 0022) took the defaults. */
    reservation: jsonb('reservation').$type<Record<string, unknown>>().notNull().default(DEFAULT_RESERVATION_RULES),
    /** What changed and why (a Finance Act, a bank's new rate). */
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('settings_created_at_idx').on(t.createdAt, t.id), uniqueIndex('settings_effective_from_key').on(t.effectiveFrom)],
);
