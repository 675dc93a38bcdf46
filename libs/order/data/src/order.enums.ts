import { ORDER_STATUSES, PAYMENT_METHODS } from '@dealership/order-schemas';
import { pgEnum } from 'drizzle-orm/pg-core';

// Database enums take their values from the shared contract: one source per list.
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
