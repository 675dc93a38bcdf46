import { cars } from '@dealership/car-data';
import { bytea, timestamps } from '@dealership/server-db/schema';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** An area of a checklist and its points (ChecklistArea of the inspection contract). */
export interface ChecklistAreaColumn {
  name: string;
  points: string[];
}

/** A point that did not simply pass, or has a note or photo (PointResult of the inspection contract). */
export interface PointResultColumn {
  point: number;
  status: 'pass' | 'attention' | 'fail';
  note?: string;
  photo?: { url: string; publicId: string };
}

/**
 * The dated versions of the inspection checklist (the owner edits them as the dated rate sets):
 * a version applies to inspections made from `effective_from` until the next one's date. Never
 * changed once written: inspections name the version they were made over. Migration
 * 0047_inspection seeds the first, 150 points.
 */
export const inspectionChecklists = pgTable(
  'inspection_checklists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    areas: jsonb('areas').$type<ChecklistAreaColumn[]>().notNull(),
    pointCount: integer('point_count').notNull(),
    /** What changed and why. */
    note: text('note'),
    ...timestamps,
  },
  (t) => [uniqueIndex('inspection_checklists_effective_from_key').on(t.effectiveFrom)],
);

/**
 * The pre-shipment inspection certificates (a PDF, or a picture re-encoded without its metadata).
 * Kept in the database, not the media store: the media store gives every file a public address
 * (/media or Cloudinary), and a certificate staff keep private (it may show the owner's papers)
 * must have none; here it is served only through the inspection domain's route, which checks.
 * It is uploaded before the inspection that takes it is saved: one no inspection names is deleted
 * by the domain's hourly cleanup after a day.
 */
export const inspectionCertificates = pgTable('inspection_certificates', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** application/pdf, image/jpeg or image/webp. */
  contentType: text('content_type').notNull(),
  /** The name the file was uploaded under (shown to staff and in the download's name). */
  fileName: text('file_name').notNull(),
  byteSize: integer('byte_size').notNull(),
  /** SHA-256 of the bytes, hex: the download's ETag. */
  sha256: text('sha256').notNull(),
  content: bytea('content').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A car's inspection (one per car: a new one replaces it). The counts are kept beside the results
 * (only the points that did not simply pass are listed) for the published summary. An odometer
 * below the export certificate's mileage is refused by the service and, last, by the check.
 */
export const carInspections = pgTable(
  'car_inspections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Null once the car is deleted: the inspection's pictures (a certificate may show the owner's
     * papers) are then deleted with it by the inspection domain's cleanup, which a cascade would
     * have left in storage for ever.
     */
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => inspectionChecklists.id, { onDelete: 'restrict' }),
    inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
    inspector: text('inspector').notNull(),
    odometerKm: integer('odometer_km').notNull(),
    passed: integer('passed').notNull(),
    attention: integer('attention').notNull(),
    failed: integer('failed').notNull(),
    results: jsonb('results').$type<PointResultColumn[]>().notNull(),
    auctionGrade: text('auction_grade'),
    auctionInteriorGrade: text('auction_interior_grade'),
    exportCertificateKm: integer('export_certificate_km'),
    /** The pre-shipment inspection certificate; its file goes when no inspection names it. */
    certificateId: uuid('certificate_id').references(() => inspectionCertificates.id, { onDelete: 'set null' }),
    certificatePublic: boolean('certificate_public').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('car_inspections_car_key').on(t.carId),
    index('car_inspections_checklist_idx').on(t.checklistId),
    index('car_inspections_certificate_idx').on(t.certificateId),
    check('car_inspections_odometer_not_wound_back', sql`${t.exportCertificateKm} is null or ${t.odometerKm} >= ${t.exportCertificateKm}`),
  ],
);
