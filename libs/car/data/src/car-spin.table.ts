import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cars } from './car.table';

/**
 * A car's 360-degree view (issue 44): its frames in turning order, 24-72 photos taken around the
 * car. They go with the car (cascade) and are replaced as a whole, as its pictures are; their
 * files are our own uploads, held like the car's pictures (the `picture_holders` view counts them).
 */
export const carSpinFrames = pgTable(
  'car_spin_frames',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    /** 0-based place in the turn. */
    position: integer('position').notNull(),
    url: text('url').notNull(),
    publicId: text('public_id').notNull(),
  },
  (t) => [uniqueIndex('car_spin_frames_car_position_key').on(t.carId, t.position), index('car_spin_frames_public_id_idx').on(t.publicId)],
);
