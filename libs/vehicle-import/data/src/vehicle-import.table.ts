import { users } from '@dealership/user-data';
import { bytea, timestamps } from '@dealership/server-db/schema';
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** IMP-00001, IMP-00002, ...: the number staff and buyers quote. */
export const vehicleImportNumbers = pgSequence('vehicle_import_numbers', { startWith: 1 });

/**
 * An import on behalf of a buyer (issue 45): the car bought abroad for them, its price, and where it
 * is (its milestones). Opened from an import-request lead (`lead_id`, no foreign key: a lead may be
 * deleted under the privacy rules while the import, a contract, stays) or for a buyer's account.
 */
export const vehicleImports = pgTable(
  'vehicle_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference')
      .notNull()
      // Five digits at least, more past 99999 (lpad would cut them).
      .default(sql`'IMP-' || to_char(nextval('vehicle_import_numbers'), 'FM999999900000')`),
    leadId: uuid('lead_id'),
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    buyerEmail: text('buyer_email'),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearOfManufacture: integer('year_of_manufacture').notNull(),
    yearOfFirstRegistration: integer('year_of_first_registration').notNull(),
    chassisNumber: text('chassis_number').notNull(),
    auctionHouse: text('auction_house'),
    auctionLot: text('auction_lot'),
    auctionGrade: text('auction_grade'),
    rightHandDrive: boolean('right_hand_drive').notNull().default(true),
    exportCertificateKm: integer('export_certificate_km'),
    purchaseCurrency: text('purchase_currency').notNull(),
    purchasePrice: doublePrecision('purchase_price'),
    exchangeRate: doublePrecision('exchange_rate'),
    agreedPriceKes: integer('agreed_price_kes').notNull(),
    depositKes: integer('deposit_kes').notNull().default(0),
    /** The latest estimate (each one is kept in vehicle_import_arrival_estimates). */
    expectedArrival: date('expected_arrival', { mode: 'string' }).notNull(),
    /** The last milestone reached, kept beside the milestones for the board; null before "bought". */
    stage: text('stage'),
    stageOn: date('stage_on', { mode: 'string' }),
    staffNote: text('staff_note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vehicle_imports_reference_key').on(t.reference),
    index('vehicle_imports_stage_idx').on(t.stage),
    index('vehicle_imports_buyer_user_idx').on(t.buyerUserId),
    index('vehicle_imports_buyer_phone_idx').on(t.buyerPhone),
  ],
);

/** A milestone reached: one row per import and milestone (recording it again corrects it). */
export const vehicleImportMilestones = pgTable(
  'vehicle_import_milestones',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => vehicleImports.id, { onDelete: 'cascade' }),
    milestone: text('milestone').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    /** Never shown to the buyer. */
    staffNote: text('staff_note'),
    recordedBy: text('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    correctedAt: timestamp('corrected_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('vehicle_import_milestones_key').on(t.importId, t.milestone)],
);

/** Every estimate of an import's arrival at Mombasa: the one at opening, then each change. */
export const vehicleImportArrivalEstimates = pgTable(
  'vehicle_import_arrival_estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => vehicleImports.id, { onDelete: 'cascade' }),
    estimatedArrival: date('estimated_arrival', { mode: 'string' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('vehicle_import_arrival_estimates_import_idx').on(t.importId, t.recordedAt)],
);

/** Money the dealer received towards an import (deposit, then balance). */
export const vehicleImportPayments = pgTable(
  'vehicle_import_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => vehicleImports.id, { onDelete: 'cascade' }),
    amountKes: integer('amount_kes').notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    recordedBy: text('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('vehicle_import_payments_import_idx').on(t.importId)],
);

/**
 * An import's papers (auction sheet, export certificate, bill of lading, ...): a PDF or a picture,
 * kept in the database (the media store would give them a public address) and served only to staff,
 * or to the buyer through their tracking link when staff share it.
 */
export const vehicleImportDocuments = pgTable(
  'vehicle_import_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => vehicleImports.id, { onDelete: 'cascade' }),
    /** What it is, as staff name it ("Bill of lading"). */
    title: text('title').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    sharedWithBuyer: boolean('shared_with_buyer').notNull().default(false),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('vehicle_import_documents_import_idx').on(t.importId, t.uploadedAt)],
);
