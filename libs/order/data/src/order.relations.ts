import { cars } from '@dealership/car-data';
import { relationalQueries } from '@dealership/server-db/schema';
import { users } from '@dealership/user-data';
import { relations } from 'drizzle-orm';
import { mpesaPayments, orderLines, orders } from './order.table';

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

/** Relational queries over the orders with their lines, M-Pesa requests and buyer. */
export const orderQueries = relationalQueries({ orders, orderLines, mpesaPayments, orderRelations, orderLineRelations, mpesaPaymentRelations, users, cars });
