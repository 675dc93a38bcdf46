import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cars } from './car.table';

/**
 * Every change of a car's price: when, from what, to what, and who made it (the staff member's
 * name as it was, for the back office's history). Deleted with the car.
 */
export const carPriceChanges = pgTable(
  'car_price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    /** Whole KES. */
    oldPrice: integer('old_price').notNull(),
    newPrice: integer('new_price').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Who changed it (a staff member's name), as the activity log names them. */
    changedBy: text('changed_by').notNull(),
  },
  (t) => [index('car_price_changes_car_idx').on(t.carId, t.changedAt.desc())],
);
