import { z } from 'zod';

/** Order statuses exactly as the legacy site stored them (`deliverd` is spelt so). */
export const ORDER_STATUSES = ['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of: ${ORDER_STATUSES.join(', ')}`,
});
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Every new order starts here. */
export const INITIAL_ORDER_STATUS: OrderStatus = 'Not Process';
