import type { FaqEntry, OpeningHours, SocialLinks } from '@dealership/content-schemas';
import { timestamps } from '@dealership/server-db/schema';
import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The site's editable content (content domain): one row, written by the first edit (until then
 * the pages show the defaults in `content-schemas`). `version` moves on every edit; each instance
 * caches the row and hears edits made elsewhere on the `site_content_changed` channel.
 */
export const siteContent = pgTable('site_content', {
  id: uuid('id').primaryKey(),
  faq: jsonb('faq').$type<FaqEntry[]>().notNull(),
  hours: jsonb('hours').$type<OpeningHours>().notNull(),
  /** Null: the configured `DEALER_PHONE`. */
  phone: text('phone'),
  whatsapp: text('whatsapp').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull(),
  mapUrl: text('map_url').notNull().default(''),
  social: jsonb('social').$type<SocialLinks>().notNull(),
  version: integer('version').notNull().default(1),
  ...timestamps,
});
