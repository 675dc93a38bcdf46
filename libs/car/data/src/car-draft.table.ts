import type { ImageRef } from '@dealership/media-schemas';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cars } from './car.table';

/**
 * A car the dealer took in and has not listed yet (issue 46): a buyer's trade-in, written when the
 * order it was credited to is delivered, with what the buyer said of it and their photos. Staff list
 * it from the back office ("Trade-ins to list"): the Create Car form opens filled from it, and the
 * new car gets its purchase cost (the offer's amount). Kept apart from `cars` so that no public read
 * of the catalogue can ever show one. One per offer; closed when listed or dismissed.
 */
export const carDrafts = pgTable(
  'car_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The trade-in offer it came from (the trade-in-offer domain's; no foreign key) and its number (OFR-00012). */
    offerId: uuid('offer_id').notNull(),
    offerReference: text('offer_reference').notNull(),
    /** The order it was credited to (the order domain's; no foreign key). */
    orderId: uuid('order_id').notNull(),
    /** The offer's words for the car ("2015 Toyota Axio, 120,000 km"). */
    title: text('title').notNull(),
    /** What the buyer's request said, when it still says it (null after the request's retention). */
    make: text('make'),
    model: text('model'),
    year: integer('year'),
    mileage: integer('mileage'),
    photos: jsonb('photos').$type<ImageRef[]>().notNull().default([]),
    /** KES: the offer's amount, the car's purchase cost once listed. */
    purchaseKes: integer('purchase_kes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When it was listed (`listedCarId`) or dismissed, and by whom. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: text('closed_by'),
    listedCarId: uuid('listed_car_id').references(() => cars.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('car_drafts_offer_key').on(t.offerId),
    index('car_drafts_open_idx')
      .on(t.createdAt)
      .where(sql`closed_at is null`),
  ],
);
