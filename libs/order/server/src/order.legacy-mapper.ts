import { IdempotencyKeySchema, type Order, OrderCarIdsSchema, type OrderPlaceFields, PAYMENT_METHODS } from '@dealership/order-schemas';
import { LegacyErrorBodySchema, parseOrThrow } from '@dealership/server-core';
import { IdSchema, text } from '@dealership/shared-schemas';
import { z } from 'zod';

// The legacy REST order shape (`GET /api/user/orders`, `allOrders`, `orderStatus`, the order of
// `create-order` and `braintree/payment`), byte for byte.

export const LegacyOrderProductSchema = z.strictObject({
  /** The car's id, or the order line's when the car has since been deleted. */
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  price: z.number(),
  productPictures: z.array(z.string()),
});

export const LegacyOrderSchema = z
  .strictObject({
    _id: z.string(),
    status: z.string(),
    buyer: z.strictObject({ _id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    amount: z.number(),
    /** `success` is true only for a card the gateway charged; a reservation is `{success:false, method:'reservation'}`. */
    payment: z.strictObject({
      success: z.boolean(),
      method: z.enum(PAYMENT_METHODS),
      provider: z.string(),
      transactionId: z.string().optional(),
      status: z.string().optional(),
    }),
    products: z.array(LegacyOrderProductSchema),
  })
  .meta({ id: 'LegacyOrder', description: 'An order in the legacy shape: `amount` and prices in whole KES, from the database at purchase.' });
export type LegacyOrder = z.infer<typeof LegacyOrderSchema>;

// The answers of the order routes (the REST document describes them with these).

/** `orders` and `allOrders`: a bare array, newest first (the legacy shape has no envelope here). */
export const LegacyOrderListSchema = z.array(LegacyOrderSchema);
/** `create-order` and `orderStatus`: the order. */
export const LegacyOrderResponseSchema = z.strictObject({ success: z.literal(true), message: z.string(), order: LegacyOrderSchema });
/** `braintree/token`: the Drop-in's client token. */
export const LegacyClientTokenSchema = z.strictObject({ clientToken: z.string() });
/** `braintree/payment`: the order, recorded once the card was charged. */
export const LegacyCardPaymentResponseSchema = z.strictObject({ ok: z.literal(true), order: LegacyOrderSchema });
/**
 * `braintree/payment`'s failures: the error envelope with `ok:false`, as the legacy client reads
 * them. A body Fastify refuses before the route runs (malformed JSON, too large) gets the plain
 * envelope, without `ok`.
 */
export const LegacyCardPaymentErrorSchema = LegacyErrorBodySchema.extend({
  ok: z.literal(false).optional().meta({ description: 'Present on every failure of the payment itself (not on a body refused as unreadable).' }),
}).meta({ id: 'LegacyCardPaymentError' });

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

/**
 * The legacy client's `cart` (its favourites, as kept in browser storage): car objects with `_id`,
 * or bare ids. Only the ids are read; prices and everything else the client sends are ignored.
 */
export const LegacyCartSchema = z.array(
  z
    .union([IdSchema, z.looseObject({ _id: IdSchema })], { error: 'cart must hold cars (each with an _id) or car ids' })
    .transform((item) => (typeof item === 'string' ? item : item._id)),
  { error: 'cart must be a list of cars' },
);

/** `POST /api/user/create-order` `{cart}`: a reservation of the cart's cars. */
export const LegacyCreateOrderBodySchema = z.object({ cart: LegacyCartSchema.pipe(OrderCarIdsSchema) }, { error: 'The body must be a JSON object with cart' });

/** `POST /api/car/braintree/payment` `{nonce, cart}`: a card payment for the cart's cars. */
export const LegacyCardPaymentBodySchema = z.object(
  {
    nonce: text({ error: 'nonce is required' }).trim().min(1, { error: 'nonce is required' }).max(4096, { error: 'nonce is too long' }),
    cart: LegacyCartSchema.pipe(OrderCarIdsSchema),
  },
  { error: 'The body must be a JSON object with nonce and cart' },
);

/** The `Idempotency-Key` header of the order routes: a resubmit with the same key answers the first order. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': IdempotencyKeySchema.optional().meta({
    description: 'A key of 8-128 characters: a resubmit with it returns the first order instead of placing another.',
  }),
});

/**
 * The order a legacy body asks for (400 naming each bad field: `cart`, `nonce`, the
 * `Idempotency-Key` header), in the contract's shape, so REST and tRPC place orders alike.
 */
export function legacyPlaceInput(body: unknown, idempotencyKeyHeader: string | undefined, method: 'reservation' | 'card'): OrderPlaceFields {
  const { 'Idempotency-Key': idempotencyKey } = parseOrThrow(z.object({ 'Idempotency-Key': IdempotencyKeySchema.optional() }), {
    'Idempotency-Key': idempotencyKeyHeader,
  });
  if (method === 'reservation') {
    const { cart } = parseOrThrow(LegacyCreateOrderBodySchema, body);
    return { carIds: cart, payment: { method: 'reservation' }, idempotencyKey };
  }
  const { cart, nonce } = parseOrThrow(LegacyCardPaymentBodySchema, body);
  return { carIds: cart, payment: { method: 'card', nonce }, idempotencyKey };
}
