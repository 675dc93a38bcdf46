import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cars } from './car.table';
import { orderStatusEnum } from './enums';
import { timestamps } from './timestamps';
import { users } from './user.table';

/** What the payment provider answered, kept as it came for the record. */
export interface PaymentRecord {
  provider: string;
  transactionId?: string;
  status?: string;
  message?: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    status: orderStatusEnum('status').notNull().default('Not Process'),
    /** Total in whole KES, computed on the server from database prices. */
    amount: integer('amount').notNull(),
    paymentSuccess: boolean('payment_success').notNull().default(false),
    payment: jsonb('payment').$type<PaymentRecord>().notNull(),
    ...timestamps,
  },
  (t) => [index('orders_buyer_created_idx').on(t.buyerId, t.createdAt), index('orders_created_at_idx').on(t.createdAt)],
);

/** One car of an order, with what it was when bought (so old orders render after a car changes or goes). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    imageUrl: text('image_url'),
    /** Price at purchase, whole KES. */
    price: integer('price').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position), index('order_lines_car_idx').on(t.carId)],
);
