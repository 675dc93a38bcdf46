import { brandRelationalSchema, brands } from '@dealership/brand-data';
import { relationalQueries } from '@dealership/server-db/schema';
import { relations } from 'drizzle-orm';
import { carImages, cars } from './car.table';

export const carRelations = relations(cars, ({ one, many }) => ({
  brand: one(brands, { fields: [cars.brandId], references: [brands.id] }),
  images: many(carImages),
}));
export const carImageRelations = relations(carImages, ({ one }) => ({
  car: one(cars, { fields: [carImages.carId], references: [cars.id] }),
}));

/**
 * Relational queries over the cars with their pictures and their brand with its logo:
 * `carQueries(db).cars.findMany({ with: { images: true, brand: { with: { images: true } } } })`.
 */
export const carQueries = relationalQueries({ cars, carImages, carRelations, carImageRelations, ...brandRelationalSchema });
