import { integer, jsonb, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * When each car's leads came (the lead domain's published view, migration 0031_views_sources_enrolment): the catalogue's
 * most-viewed report counts a car's leads beside its views. Never who sent them.
 */
export const carLeads = pgView('car_leads', {
  carId: uuid('car_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
}).existing();

/**
 * The car each trade-in request describes (the lead domain's published view, migration
 * 0061_car_drafts): when the order a trade-in offer was credited to is delivered, the traded car
 * enters the stock as a draft with what its owner said of it and their photos. Never who sent it;
 * nothing once the request's personal fields are removed (its retention ended).
 */
export const tradeInVehicles = pgView('trade_in_vehicles', {
  leadId: uuid('lead_id').notNull(),
  make: text('make'),
  model: text('model'),
  year: integer('year'),
  mileage: integer('mileage'),
  photos: jsonb('photos').$type<{ url: string; publicId: string }[]>(),
}).existing();

/**
 * The photos buyers sent with requests still kept (the lead domain's published view, migration
 * 0062_photo_holders): media leaves such a file when a car or draft that showed it lets go of it.
 * Never who sent them.
 */
export const leadPhotos = pgView('lead_photos', {
  publicId: text('public_id').notNull(),
  leadId: uuid('lead_id').notNull(),
}).existing();
