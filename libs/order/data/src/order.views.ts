import { pgView, uuid } from 'drizzle-orm/pg-core';

/**
 * The cars an order holds (the order domain's published view, migration 0021_car_holds): the cars
 * of every order not cancelled, pending card orders included. Only the order's own status change
 * moves such a car; the catalogue reads this to refuse a status edit that would.
 */
export const carHolds = pgView('car_holds', {
  carId: uuid('car_id').notNull(),
  orderId: uuid('order_id').notNull(),
}).existing();
