import { relationalQueries } from '@dealership/server-db/schema';
import { relations } from 'drizzle-orm';
import { brandImages, brands } from './brand.table';

export const brandRelations = relations(brands, ({ many }) => ({ images: many(brandImages) }));
export const brandImageRelations = relations(brandImages, ({ one }) => ({
  brand: one(brands, { fields: [brandImages.brandId], references: [brands.id] }),
}));

/** The brand tables and their relations, for relational queries that reach a brand (a car's brand and its logo). */
export const brandRelationalSchema = { brands, brandImages, brandRelations, brandImageRelations };

/** Relational queries over the brands and their logos: `brandQueries(db).brands.findMany({ with: { images: true } })`. */
export const brandQueries = relationalQueries(brandRelationalSchema);
