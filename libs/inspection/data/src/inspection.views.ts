import { date, integer, pgView, uuid } from 'drizzle-orm/pg-core';

/**
 * Which cars were inspected, when and how they came out (the inspection domain's published view,
 * migration 0047_inspection): the catalogue's "Inspected" filter and card mark read it. Never the
 * inspector, the notes or the certificate.
 */
export const carInspectionSummaries = pgView('car_inspection_summaries', {
  carId: uuid('car_id').notNull(),
  inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
  passed: integer('passed').notNull(),
  attention: integer('attention').notNull(),
  failed: integer('failed').notNull(),
}).existing();
