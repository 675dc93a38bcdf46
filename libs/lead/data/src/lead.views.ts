import { pgView, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * When each car's leads came (the lead domain's published view, migration 0031_views_sources_enrolment): the catalogue's
 * most-viewed report counts a car's leads beside its views. Never who sent them.
 */
export const carLeads = pgView('car_leads', {
  carId: uuid('car_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
}).existing();
