import { cars } from '@dealership/car-data';
import { timestamps } from '@dealership/server-db/schema';
import { users } from '@dealership/user-data';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Who buyers' alerts go to: a signed-in buyer's account (its email), or an email address or phone
 * number given without an account. `last_sent_at` keeps every subscriber to one message a day.
 */
export const alertSubscribers = pgTable(
  'alert_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** An email address (lower-cased) or a phone number (+254...), for a subscriber without an account. */
    contact: text('contact'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('alert_subscribers_user_uq').on(t.userId),
    uniqueIndex('alert_subscribers_contact_uq').on(t.contact),
    check('alert_subscribers_one_recipient', sql`(${t.userId} is null) <> (${t.contact} is null)`),
  ],
);

/**
 * A saved search (`kind` 'search', its catalogue filters) or a watched car's price (`kind` 'price',
 * `car_id`). One made without an account waits for its confirmation link (`confirmed_at` null):
 * nothing but that link is sent for it (double opt-in), and unconfirmed ones are deleted after
 * ALERT_UNCONFIRMED_DAYS.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['search', 'price'] }).notNull(),
    /** The saved search's filters (`car.list`'s, without sort and page); null for a price watch. */
    filters: jsonb('filters').$type<Record<string, unknown>>(),
    /** What the buyer sees of it ("SUV, Diesel, 2018 or newer"; the car's name for a price watch). */
    label: text('label').notNull(),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('alerts_subscriber_idx').on(t.subscriberId, t.createdAt),
    uniqueIndex('alerts_price_watch_uq').on(t.subscriberId, t.carId).where(sql`${t.kind} = 'price'`),
    index('alerts_car_idx').on(t.carId).where(sql`${t.carId} is not null`),
    index('alerts_search_idx').on(t.id).where(sql`${t.kind} = 'search'`),
    index('alerts_unconfirmed_idx').on(t.createdAt).where(sql`${t.confirmedAt} is null`),
    check('alerts_kind_fields', sql`(${t.kind} = 'search' and ${t.filters} is not null) or (${t.kind} = 'price' and ${t.carId} is not null)`),
  ],
);

/**
 * The catalogue's events alerts wait for, written by a trigger on `cars` in the same transaction as
 * the change (migration `alert`): a car listed (added Available, or Available again) or its price
 * lowered. The alert job takes and deletes them in order.
 */
export const carAlertEvents = pgTable('car_alert_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  carId: uuid('car_id').notNull(),
  kind: text('kind', { enum: ['listed', 'price-drop'] }).notNull(),
  oldPrice: integer('old_price'),
  newPrice: integer('new_price').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * What a subscriber is to be told: a car that matched one of their alerts, held until their next
 * message (`sent_at` null) and kept after it (a listed car is told once per alert).
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['listed', 'price-drop'] }).notNull(),
    oldPrice: integer('old_price'),
    newPrice: integer('new_price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('alert_matches_listed_uq').on(t.alertId, t.carId).where(sql`${t.kind} = 'listed'`),
    uniqueIndex('alert_matches_drop_pending_uq').on(t.alertId, t.carId).where(sql`${t.kind} = 'price-drop' and ${t.sentAt} is null`),
    index('alert_matches_pending_idx').on(t.subscriberId).where(sql`${t.sentAt} is null`),
  ],
);
