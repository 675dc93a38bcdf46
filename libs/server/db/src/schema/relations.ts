import { relations } from 'drizzle-orm';
import { brandImages, brands } from './brand.table';
import { carImages, cars } from './car.table';
import { mpesaPayments, orderLines, orders } from './order.table';
import { users } from './user.table';

export const brandRelations = relations(brands, ({ many }) => ({
  images: many(brandImages),
  cars: many(cars),
}));
export const brandImageRelations = relations(brandImages, ({ one }) => ({
  brand: one(brands, { fields: [brandImages.brandId], references: [brands.id] }),
}));
export const carRelations = relations(cars, ({ one, many }) => ({
  brand: one(brands, { fields: [cars.brandId], references: [brands.id] }),
  images: many(carImages),
}));
export const carImageRelations = relations(carImages, ({ one }) => ({
  car: one(cars, { fields: [carImages.carId], references: [cars.id] }),
}));
export const userRelations = relations(users, ({ many }) => ({ orders: many(orders) }));
export const orderRelations = relations(orders, ({ one, many }) => ({
  buyer: one(users, { fields: [orders.buyerId], references: [users.id] }),
  lines: many(orderLines),
  mpesaPayments: many(mpesaPayments),
}));
export const orderLineRelations = relations(orderLines, ({ one }) => ({
  order: one(orders, { fields: [orderLines.orderId], references: [orders.id] }),
  car: one(cars, { fields: [orderLines.carId], references: [cars.id] }),
}));
export const mpesaPaymentRelations = relations(mpesaPayments, ({ one }) => ({
  order: one(orders, { fields: [mpesaPayments.orderId], references: [orders.id] }),
}));
