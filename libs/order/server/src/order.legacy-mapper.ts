import type { Order } from '@dealership/order-schemas';
import { z } from 'zod';

// The legacy REST order shape (`GET /api/user/orders`, `allOrders`, `orderStatus`), byte for byte.

export const LegacyOrderProductSchema = z.strictObject({
  /** The car's id, or the order line's when the car has since been deleted. */
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  price: z.number(),
  productPictures: z.array(z.string()),
});

export const LegacyOrderSchema = z.strictObject({
  _id: z.string(),
  status: z.string(),
  buyer: z.strictObject({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  amount: z.number(),
  payment: z.strictObject({ success: z.boolean(), provider: z.string(), transactionId: z.string().optional(), status: z.string().optional() }),
  products: z.array(LegacyOrderProductSchema),
});
export type LegacyOrder = z.infer<typeof LegacyOrderSchema>;

export function toLegacyOrder(order: Order): LegacyOrder {
  return {
    _id: order.id,
    status: order.status,
    buyer: order.buyer ? { _id: order.buyer.id, name: order.buyer.name } : null,
    createdAt: order.createdAt,
    amount: order.amount,
    payment: order.payment,
    products: order.lines.map((line) => ({
      _id: line.carId ?? line.id,
      slug: line.slug,
      name: line.name,
      price: line.price,
      productPictures: line.imageUrl ? [line.imageUrl] : [],
    })),
  };
}
