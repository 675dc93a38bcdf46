import { index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '@dealership/user-data';
import { cars } from './car.table';

/**
 * What a car cost the dealer (issue 46), line by line: purchase, freight, duty, clearing,
 * reconditioning. Owners only: no public read model, REST shape or feed reads this table. The
 * shillings are kept as worked out when the line was saved (a purchase abroad keeps its currency,
 * amount and the rate used beside them). The lines go with the car.
 */
export const carCosts = pgTable(
  'car_costs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    /** purchase, freight, duty, clearing, parts, labour, bodywork, other (`CAR_COST_KINDS`). */
    kind: text('kind').notNull(),
    currency: text('currency').notNull().default('KES'),
    /** In `currency`, as typed (two decimals at most). */
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    /** Shillings per unit of `currency`; null for KES. */
    exchangeRate: numeric('exchange_rate', { precision: 14, scale: 6, mode: 'number' }),
    amountKes: integer('amount_kes').notNull(),
    supplier: text('supplier'),
    /** The receipt's number or reference. */
    receipt: text('receipt'),
    recordedBy: text('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('car_costs_car_idx').on(t.carId)],
);

/**
 * An owner's aged-stock alert (issue 46): once a week, an email listing the cars in stock for at
 * least `days` days. One per owner; it goes with the account.
 */
export const agedStockAlerts = pgTable('aged_stock_alerts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  days: integer('days').notNull(),
  /** When the last weekly list was worked out (sent, or nothing was that old). */
  lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
