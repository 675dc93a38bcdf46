import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Images uploaded (`POST /api/media/upload`) and not yet attached to a car or brand. Attaching
 * deletes the row; an upload still here after a day is removed from storage by the media sweep.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    publicId: text('public_id').primaryKey(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('media_uploads_created_at_idx').on(table.createdAt)],
);
