import { integer, pgView, text, uuid } from 'drizzle-orm/pg-core';

/**
 * What other domains may read of a car (the catalogue's published view, migrations
 * 0020_published_views and 0042_whatsapp): a lead names the car it is about, a WhatsApp message
 * finds it by its stock number, a quick reply says its price. `cars` itself is the catalogue's alone (lint).
 */
export const carRefs = pgView('car_refs', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  stockNumber: text('stock_number').notNull(),
  /** KES. */
  price: integer('price').notNull(),
}).existing();

/**
 * Which car, brand or trade-in draft holds a stored picture (the catalogue's published view,
 * migration 0020_published_views; 0046 adds the cars' spin frames, 0062 the photos of drafts not
 * listed or dismissed yet, as owner `draft`): media asks before it deletes a file.
 */
export const pictureHolders = pgView('picture_holders', {
  publicId: text('public_id').notNull(),
  owner: text('owner').$type<'car' | 'brand' | 'draft'>().notNull(),
  ownerId: uuid('owner_id').notNull(),
}).existing();
