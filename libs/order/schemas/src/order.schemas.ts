import { CarStatusSchema } from '@dealership/car-model';
import { IdSchema, normaliseKenyanPhone, PageInputSchema, pageOf, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Order statuses exactly as the legacy site stored them (`deliverd` is spelt so). */
export const ORDER_STATUSES = ['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of: ${ORDER_STATUSES.join(', ')}`,
});
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** The number a buyer and the dealer quote for an order: the id's first 8 hex digits, in capitals. */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

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

/** How an order is paid: reserved now and paid at the showroom, or by card through Braintree. */
export const PAYMENT_METHODS = ['reservation', 'card'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: `payment.method must be one of: ${PAYMENT_METHODS.join(', ')}` });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * How the order was paid, in the fields we show (the provider's raw record stays on the server):
 * a reservation has `success: false` (nothing paid yet); a card order is recorded only once the
 * sale succeeded, with the gateway's transaction id and status.
 */
export const OrderPaymentSchema = z.object({
  success: z.boolean(),
  method: PaymentMethodSchema,
  /** 'reservation' or the gateway ('braintree'). */
  provider: text(),
  transactionId: text().optional(),
  status: text().optional(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** The buyer's contact as it was when the order was placed (null for orders older than this record). */
export const OrderContactSchema = z.object({
  name: text().nullable(),
  phone: text().nullable(),
  address: text().nullable(),
});
export type OrderContact = z.infer<typeof OrderContactSchema>;

/** Where an M-Pesa request stands: waiting for the buyer's PIN, paid, or finished without payment. */
export const MPESA_PAYMENT_STATES = ['pending', 'paid', 'failed'] as const;
export const MpesaPaymentStateSchema = z.enum(MPESA_PAYMENT_STATES);
export type MpesaPaymentState = z.infer<typeof MpesaPaymentStateSchema>;

/**
 * One M-Pesa Express request for an order's deposit (tRPC `order.payDeposit`, `order.mpesaPayment`,
 * and on the order), or for another payable through the same lifecycle (an import's deposit or
 * balance: `vehicleImport.payByMpesa`).
 */
export const MpesaPaymentSchema = z.object({
  id: IdSchema,
  /** The order whose deposit it pays; null for an import's payment. */
  orderId: IdSchema.nullable(),
  state: MpesaPaymentStateSchema,
  /** Whole KES asked for, from the database: the order's deposit (or the import's amount due). */
  amount: z.number().int(),
  /** The Safaricom number the prompt went to, +2547XXXXXXXX or +2541XXXXXXXX. */
  phone: text(),
  /** The M-Pesa receipt number (e.g. `QKL3ABC1XY`), once paid; null when the payment was confirmed by a status query and its receipt has not arrived yet. */
  receipt: text().nullable(),
  /** Daraja's result code once finished (0 paid, 1032 cancelled, 1037 timed out, 1 insufficient funds, 2001 wrong PIN, ...). */
  resultCode: z.number().int().nullable(),
  /** What the buyer reads about it, in their words. */
  message: text(),
  requestedAt: TimestampSchema,
  finishedAt: TimestampSchema.nullable(),
});
export type MpesaPayment = z.infer<typeof MpesaPaymentSchema>;

/**
 * A reservation's booking deposit: the amount due when it was placed (the rules in force then)
 * and, once paid, when and with which M-Pesa receipt. A card order has none (it is paid in full).
 */
export const OrderDepositSchema = z.object({
  amount: z.number().int(),
  paidAt: TimestampSchema.nullable(),
  receipt: text().nullable(),
});
export type OrderDeposit = z.infer<typeof OrderDepositSchema>;

/** An order (tRPC `order.mine`, `order.all`, `order.place`). */
export const OrderSchema = z.object({
  id: IdSchema,
  status: OrderStatusSchema,
  /** Null when the buyer's account has been deleted. `emailVerified`: the account's email is confirmed (the staff's mark). */
  buyer: z.object({ id: IdSchema, name: text(), emailVerified: z.boolean() }).nullable(),
  contact: OrderContactSchema,
  createdAt: TimestampSchema,
  /** Total in whole KES, computed on the server from database prices. */
  amount: z.number().int(),
  payment: OrderPaymentSchema,
  lines: z.array(OrderLineSchema),
  /** A reservation's deposit (null for a card order, and for reservations older than deposits). */
  deposit: OrderDepositSchema.nullable(),
  /** Whole KES still due: the amount less a trade-in credit and a paid deposit; 0 once a card order is paid. */
  balance: z.number().int(),
  /** An accepted trade-in offer credited at checkout (issue 46): its reference and the KES it takes off. */
  tradeInCredit: z.object({ reference: z.string(), amountKes: z.number().int() }).nullable(),
  /**
   * When the reservation stops holding its cars: 48 hours (the rules) after placing without a
   * deposit, 14 days after the deposit was paid; null for card orders and once the staff moved the order on.
   */
  holdExpiresAt: TimestampSchema.nullable(),
  /** The order's M-Pesa requests, newest first. */
  mpesaPayments: z.array(MpesaPaymentSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * A Safaricom number M-Pesa can prompt: a Kenyan mobile (07xx, 01xx, +2547..., +2541...), normalised
 * to +254 and nine digits.
 */
export const MPESA_PHONE_MESSAGE = 'Enter the Safaricom number that pays, e.g. 0712 345 678';
export const MpesaPhoneSchema = text({ error: MPESA_PHONE_MESSAGE })
  .trim()
  .max(30, { error: MPESA_PHONE_MESSAGE })
  .transform((value, ctx) => {
    const phone = normaliseKenyanPhone(value);
    if (!phone || !/^\+254[17]\d{8}$/.test(phone)) {
      ctx.issues.push({ code: 'custom', message: MPESA_PHONE_MESSAGE, input: value });
      return z.NEVER;
    }
    return phone;
  });

/** tRPC `order.payDeposit`: ask M-Pesa to prompt `phone` for the deposit of one of the buyer's reservations. */
export const PayDepositInputSchema = z.object({ orderId: IdSchema, phone: MpesaPhoneSchema });
export type PayDepositInput = z.input<typeof PayDepositInputSchema>;

/** tRPC `order.mpesaPayment`: where one of the buyer's M-Pesa requests stands (the page polls it while the buyer enters their PIN). */
export const MpesaPaymentInputSchema = z.object({ paymentId: IdSchema });

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

/** Cars one order may hold. */
export const MAX_ORDER_CARS = 10;

/** Idempotency keys: what a client sends in `Idempotency-Key` (or tRPC `idempotencyKey`). */
export const IdempotencyKeySchema = text()
  .trim()
  .min(8, { error: 'idempotencyKey must be 8 to 128 characters' })
  .max(128, { error: 'idempotencyKey must be 8 to 128 characters' })
  .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'idempotencyKey may hold letters, digits and _ . : - only' });

/** The cars of a checkout: ids, at least one, each once (a repeated id counts once). */
export const OrderCarIdsSchema = z
  .array(IdSchema, { error: 'carIds must be a list of car ids' })
  .min(1, { error: 'Choose at least one car' })
  .max(MAX_ORDER_CARS, { error: `At most ${MAX_ORDER_CARS} cars per order` })
  .transform((ids) => [...new Set(ids)]);

/**
 * tRPC `order.place`: the cars (prices are never taken from the client) and how they are paid. A
 * card payment carries the Drop-in's one-time nonce. The same `idempotencyKey` (or, for a card, the
 * same nonce) returns the first order instead of placing or charging a second time.
 */
export const OrderPlaceInputSchema = z.object({
  carIds: OrderCarIdsSchema,
  payment: z.discriminatedUnion(
    'method',
    [
      z.object({ method: z.literal('reservation') }),
      z.object({
        method: z.literal('card'),
        nonce: text({ error: 'payment.nonce is required' })
          .trim()
          .min(1, { error: 'payment.nonce is required' })
          .max(4096, { error: 'payment.nonce is too long' }),
      }),
    ],
    { error: `payment.method must be one of: ${PAYMENT_METHODS.join(', ')}` },
  ),
  idempotencyKey: IdempotencyKeySchema.optional(),
  /** An accepted trade-in offer of the buyer's to credit against this order (/cart's "Trade-in credit"). */
  tradeInOfferId: IdSchema.optional(),
});
export type OrderPlaceInput = z.input<typeof OrderPlaceInputSchema>;
export type OrderPlaceFields = z.output<typeof OrderPlaceInputSchema>;

/** tRPC `order.quote`: what a checkout of these cars would hold, priced from the database. */
export const OrderQuoteInputSchema = z.object({ carIds: OrderCarIdsSchema });
export type OrderQuoteInput = z.input<typeof OrderQuoteInputSchema>;

export const OrderQuoteLineSchema = z.object({
  carId: IdSchema,
  name: text(),
  slug: text(),
  /** Current database price, whole KES. */
  price: z.number().int(),
  imageUrl: text().nullable(),
  /** 'Available' cars can be ordered; 'Reserved' and 'Sold' ones are left out of the order. */
  status: CarStatusSchema,
});
export type OrderQuoteLine = z.infer<typeof OrderQuoteLineSchema>;

export const OrderQuoteSchema = z.object({
  /** The cars found, in the order asked; ids of deleted cars are left out. */
  lines: z.array(OrderQuoteLineSchema),
  /** Sum of the Available lines' prices, whole KES: what the order would cost. */
  total: z.number().int(),
  /** Whether card payments are configured (`BRAINTREE_*`); otherwise reservations only. */
  cardPayments: z.boolean(),
  /** Whether M-Pesa deposits are configured (`MPESA_*`). */
  mpesaPayments: z.boolean(),
  /** The booking deposit of the Available lines under the rules in force, whole KES (what "Pay deposit by M-Pesa" asks). */
  deposit: z.number().int(),
});
export type OrderQuote = z.infer<typeof OrderQuoteSchema>;

/** tRPC `order.paymentOptions`: which ways to pay are configured (My Orders offers M-Pesa only when it is). */
export const PaymentOptionsSchema = z.object({ cardPayments: z.boolean(), mpesaPayments: z.boolean() });
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;

/** tRPC `order.clientToken` (and `GET /api/car/braintree/token`): the Drop-in's client token. */
export const ClientTokenSchema = z.object({ clientToken: text() });
export type ClientToken = z.infer<typeof ClientTokenSchema>;

/** tRPC `order.all` (admin): filters and a page, newest first. `search` matches the buyer's name, email or phone. */
export const OrderListInputSchema = z.object({
  status: OrderStatusSchema.optional(),
  /** Only orders whose hold ends later today (Nairobi time): the buyers to call before their car goes back on sale. */
  expiringToday: z.boolean({ error: 'expiringToday must be true or false' }).optional(),
  search: text().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  ...PageInputSchema.shape,
});
export type OrderListInput = z.input<typeof OrderListInputSchema>;
export type OrderListFilters = z.output<typeof OrderListInputSchema>;

export const OrderPageSchema = pageOf(OrderSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** The owner's figures of orders (`order.report`), the last 12 months, each from one SQL query. */
export const OrderReportSchema = z.object({
  /** Delivered orders per month (YYYY-MM, Nairobi, by the month they were delivered): how many, and their KES. */
  salesPerMonth: z.array(z.object({ month: text(), count: z.number().int(), amount: z.number().int() })),
  /** Reservations that ended unpaid (their hold ran out) or were cancelled, per month. */
  reservationsEnded: z.array(z.object({ month: text(), expired: z.number().int(), cancelled: z.number().int() })),
  /**
   * What the cars sold earned (issue 46), from the figures fixed on each line when its order was
   * delivered: per month, the cars sold, what they fetched, what those with costs recorded cost,
   * and the gross profit of those (cars without costs are counted apart, not as pure profit).
   */
  grossProfitPerMonth: z.array(
    z.object({ month: text(), carsSold: z.number().int(), revenueKes: z.number().int(), costKes: z.number().int(), grossProfitKes: z.number().int(), withoutCosts: z.number().int() }),
  ),
  /** The cars sold, the latest first (at most 100): price received, cost, margin (null without costs), days in stock. */
  carsSold: z.array(
    z.object({ month: text(), name: text(), slug: text(), priceKes: z.number().int(), costKes: z.number().int().nullable(), marginKes: z.number().int().nullable(), daysInStock: z.number().int().nullable() }),
  ),
  /** The average days from listing to sale of the cars sold in the period; null when none was. */
  averageDaysToSell: z.number().nullable(),
});
export type OrderReport = z.infer<typeof OrderReportSchema>;
