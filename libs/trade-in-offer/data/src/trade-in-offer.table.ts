import { timestamps } from '@dealership/server-db/schema';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** OFR-00001, OFR-00002, ...: the number staff and buyers quote. */
export const tradeInOfferNumbers = pgSequence('trade_in_offer_numbers', { startWith: 1 });

/**
 * A written offer for a buyer's car (issue 46): made by staff from a trade-in request (`lead_id`,
 * no foreign key: a lead may be deleted under the privacy rules while the offer's record stays),
 * answered by the buyer from a signed link, and expired by the domain's periodic job after its
 * last day (`valid_until`, a Nairobi date).
 */
export const tradeInOffers = pgTable(
  'trade_in_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Five digits at least, more past 99999 (lpad would cut them).
    reference: text('reference')
      .notNull()
      .default(sql`'OFR-' || to_char(nextval('trade_in_offer_numbers'), 'FM999999900000')`),
    leadId: uuid('lead_id'),
    buyerName: text('buyer_name').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    buyerEmail: text('buyer_email'),
    car: text('car').notNull(),
    amountKes: integer('amount_kes').notNull(),
    conditions: text('conditions'),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** sent, accepted, declined or expired. */
    status: text('status').notNull().default('sent'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    /** When the buyer was reminded that it ends soon (once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    /** The account that accepted it signed in (no foreign key: the offer's record outlives an account). */
    acceptedByUserId: uuid('accepted_by_user_id'),
    /**
     * The order it is credited to at checkout (one at most; no foreign key, the order domain's own):
     * set when the order is placed with it, cleared when that order is cancelled.
     */
    usedByOrderId: uuid('used_by_order_id'),
    createdBy: text('created_by').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('trade_in_offers_reference_key').on(t.reference),
    index('trade_in_offers_lead_idx').on(t.leadId),
    index('trade_in_offers_open_idx')
      .on(t.validUntil)
      .where(sql`status = 'sent'`),
  ],
);
