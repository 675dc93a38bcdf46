import { timestamps } from '@dealership/server-db/schema';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/** Customers' words the staff publish on /testimonials. */
export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    location: text('location'),
    carName: text('car_name'),
    quote: text('quote').notNull(),
    /** Stars, 1-5. */
    rating: integer('rating').notNull().default(5),
    published: boolean('published').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('testimonials_created_at_idx').on(t.createdAt, t.id),
    // The public page: the published ones, newest first.
    index('testimonials_published_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`published`),
    check('testimonials_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
