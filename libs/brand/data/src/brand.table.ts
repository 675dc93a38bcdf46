import { timestamps } from '@dealership/server-db/schema';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('brands_slug_key').on(t.slug),
    // Brand names are unique whatever their case ("Toyota" and "TOYOTA" are one brand).
    uniqueIndex('brands_name_lower_key').on(sql`lower(${t.name})`),
    index('brands_created_at_idx').on(t.createdAt, t.id),
  ],
);

export const brandImages = pgTable(
  'brand_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    publicId: text('public_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('brand_images_brand_idx').on(t.brandId, t.position)],
);
