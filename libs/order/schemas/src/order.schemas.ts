import { IdSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Order statuses exactly as the legacy site stored them (`deliverd` is spelt so). */
export const ORDER_STATUSES = ['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of: ${ORDER_STATUSES.join(', ')}`,
});
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Every new order starts here. */
export const INITIAL_ORDER_STATUS: OrderStatus = 'Not Process';

/** One car of an order: what it was when bought (it stays so after the car changes or is deleted). */
export const OrderLineSchema = z.object({
  id: IdSchema,
  /** The car, while it still exists; null after it was deleted. */
  carId: IdSchema.nullable(),
  slug: text(),
  name: text(),
  /** Price at purchase, whole KES. */
  price: z.number().int(),
  /** The car's main picture at purchase. */
  imageUrl: text().nullable(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** What the payment provider answered, in the fields we show (the raw record stays on the server). */
export const OrderPaymentSchema = z.object({
  success: z.boolean(),
  provider: text(),
  transactionId: text().optional(),
  status: text().optional(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** An order (tRPC `order.mine` and `order.all`). */
export const OrderSchema = z.object({
  id: IdSchema,
  status: OrderStatusSchema,
  /** Null when the buyer's account has been deleted. */
  buyer: z.object({ id: IdSchema, name: text() }).nullable(),
  createdAt: TimestampSchema,
  /** Total in whole KES, computed on the server from database prices. */
  amount: z.number().int(),
  payment: OrderPaymentSchema,
  lines: z.array(OrderLineSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** `PUT /api/user/orderStatus/{orderId}` `{status}` and tRPC `order.setStatus`. */
export const OrderSetStatusInputSchema = z.object({
  orderId: IdSchema,
  status: OrderStatusSchema,
});
export type OrderSetStatusInput = z.infer<typeof OrderSetStatusInputSchema>;

/** One whole-number count per status, keyed by the status itself (so the keys follow `ORDER_STATUSES`). */
const countsByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.number().int()])) as Record<OrderStatus, z.ZodNumber>;

/** tRPC `order.stats`: every order counted, by status in the legacy spelling; a status with no order counts 0. */
export const OrderStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.object(countsByStatus),
});
export type OrderStats = z.infer<typeof OrderStatsSchema>;
