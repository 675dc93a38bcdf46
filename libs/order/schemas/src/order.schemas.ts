import { IdSchema, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Order statuses exactly as the legacy site stored them (`deliverd` is spelt so). */
export const ORDER_STATUSES = ['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of: ${ORDER_STATUSES.join(', ')}`,
});
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Every new order starts here. */
export const INITIAL_ORDER_STATUS: OrderStatus = 'Not Process';

/** One car of an order as the legacy order tables render it: what it was when bought. */
export const OrderProductSchema = z.object({
  /** The car's id, or the order line's when the car has since been deleted. */
  _id: IdSchema,
  slug: z.string(),
  name: z.string(),
  /** Price at purchase, whole KES. */
  price: z.number().int(),
  /** The car's main picture at purchase (legacy: derived from the car's documents). */
  productPictures: z.array(z.string()),
});
export type OrderProduct = z.infer<typeof OrderProductSchema>;

/** An order in the legacy shape (`GET /api/user/orders`, `allOrders`, tRPC `order.mine` and `order.all`). */
export const OrderSchema = z.object({
  _id: IdSchema,
  status: OrderStatusSchema,
  /** Null when the buyer's account has been deleted. */
  buyer: z.object({ _id: IdSchema, name: z.string() }).nullable(),
  createdAt: TimestampSchema,
  /** Total in whole KES, computed on the server from database prices. */
  amount: z.number().int(),
  payment: z.object({
    success: z.boolean(),
    provider: z.string(),
    transactionId: z.string().optional(),
    status: z.string().optional(),
  }),
  products: z.array(OrderProductSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** `PUT /api/user/orderStatus/{orderId}` `{status}` and tRPC `order.setStatus`. */
export const OrderSetStatusInputSchema = z.object({
  orderId: IdSchema,
  status: OrderStatusSchema,
});
export type OrderSetStatusInput = z.infer<typeof OrderSetStatusInputSchema>;
