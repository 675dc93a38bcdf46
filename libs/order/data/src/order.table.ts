import { cars } from '@dealership/car-data';
import { timestamps } from '@dealership/server-db/schema';
import { users } from '@dealership/user-data';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orderStatusEnum, paymentMethodEnum } from './order.enums';

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
    /** A reservation (paid at the showroom) or a card payment; orders from before reservations were card orders. */
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    paymentSuccess: boolean('payment_success').notNull().default(false),
    payment: jsonb('payment').$type<PaymentRecord>().notNull(),
    /**
     * A card order whose sale is under way: its cars are held, but it is no order yet (lists and
     * counts leave it out); it becomes one when the sale succeeds and is deleted when it fails.
     */
    pending: boolean('pending').notNull().default(false),
    /** The buyer's contact when the order was placed (null on orders older than this record). */
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactAddress: text('contact_address'),
    /** The client's `Idempotency-Key` (or a card nonce's hash): a repeated submit finds this order. */
    idempotencyKey: text('idempotency_key'),
    /** A reservation without a deposit: when it stops holding its cars (the rules' unpaid hold from placing); null otherwise. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    /** When the buyer was reminded that the hold ends soon; null until then. */
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    /** When the owners heard that the order was still Not Process a working day after it was placed (the confirmation's call promise); null until then. */
    lateAlertedAt: timestamp('late_alerted_at', { withTimezone: true, mode: 'date' }),
    /** A reservation's booking deposit, whole KES, from the rules in force when it was placed; null for card orders and older reservations. */
    deposit: integer('deposit'),
    /** When the deposit was paid (by M-Pesa); null while unpaid. A paid deposit holds the cars for the rules' paid days. */
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true, mode: 'date' }),
    /**
     * A reservation's client address as the throttles count it (IPv6: its /64): the cars held
     * without a deposit per address are capped. Null for card orders, older orders and once the
     * buyer's personal data is erased.
     */
    placedFrom: text('placed_from'),
    /**
     * An accepted trade-in offer credited to this order at checkout (issue 46; the trade-in-offer
     * domain's, no foreign key) and the credit in KES, at most the order's amount: the balance, the
     * deposit and a card's charge are less by it. Kept after a cancel as the record (the offer itself is released).
     */
    tradeInOfferId: uuid('trade_in_offer_id'),
    /** The offer's number (OFR-00012), as the buyer's receipts name the credit. */
    tradeInReference: text('trade_in_reference'),
    tradeInCreditKes: integer('trade_in_credit_kes'),
    ...timestamps,
  },
  (t) => [
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_hold_expires_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.holdExpiresAt} is not null`),
    index('orders_unpaid_placed_from_idx')
      .on(t.placedFrom)
      .where(sql`${t.placedFrom} is not null and ${t.depositPaidAt} is null`),
    uniqueIndex('orders_buyer_idempotency_key')
      .on(t.buyerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * One M-Pesa Express (STK push) request for an order's deposit. Row first, push second: the row's
 * `callback_token` (a random secret in the callback's path) and, once Daraja accepted the push,
 * its `CheckoutRequestID` are what a callback must match; the amount and number are what we asked.
 */
export const mpesaPayments = pgTable(
  'mpesa_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order whose deposit is asked for; null for another domain's payable (below). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * Or what else is paid through the same request lifecycle (push, callback, status query): a
     * kind another domain registered (`Payables`, e.g. 'vehicle-import') and its id (no foreign
     * key: the other domain's table). Exactly one of order and payable is set.
     */
    payableKind: text('payable_kind'),
    payableId: uuid('payable_id'),
    /** Whole KES asked for. */
    amount: integer('amount').notNull(),
    /** +2547XXXXXXXX or +2541XXXXXXXX. */
    phone: text('phone').notNull(),
    /** SHA-256 (hex) of the secret in the callback URL's path; the secret itself is never stored. */
    callbackTokenHash: text('callback_token_hash').notNull(),
    /** Daraja's ids of the push, once it accepted it. */
    checkoutRequestId: text('checkout_request_id'),
    merchantRequestId: text('merchant_request_id'),
    /** pending (waiting for the buyer), paid, failed. */
    state: text('state', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    receipt: text('receipt'),
    /** What the buyer reads about the request (mpesaResultMessage of the result, or why it failed). */
    message: text('message').notNull().default('Check your phone and enter your M-Pesa PIN'),
    /** Where the result came from: the callback or a status query. */
    settledBy: text('settled_by', { enum: ['callback', 'query', 'push', 'gave-up'] }),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('mpesa_payments_order_idx').on(t.orderId, t.createdAt),
    index('mpesa_payments_payable_idx').on(t.payableKind, t.payableId, t.createdAt),
    check('mpesa_payments_order_or_payable', sql`(${t.orderId} is null) <> (${t.payableKind} is null or ${t.payableId} is null)`),
    uniqueIndex('mpesa_payments_checkout_request_id').on(t.checkoutRequestId),
    uniqueIndex('mpesa_payments_callback_token_hash').on(t.callbackTokenHash),
    uniqueIndex('mpesa_payments_receipt').on(t.receipt),
    index('mpesa_payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
  ],
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
    /**
     * Fixed when the order is delivered (issue 46), cleared if it is re-opened: what the car cost as
     * the owners recorded it (null: no cost recorded) and its days in stock from listing to sale.
     * The margin is `price - cost_kes`.
     */
    costKes: integer('cost_kes'),
    daysInStock: integer('days_in_stock'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position), index('order_lines_car_idx').on(t.carId)],
);

/**
 * One card sale for a registered payable (an import's deposit or balance; orders' card sales are
 * their pending orders): the row is written before the sale, so a sale whose answer never came is
 * looked up by this id (Braintree's orderId) and settled by the reconciliation, as a pending card
 * order is.
 */
export const payableCardPayments = pgTable(
  'payable_card_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payableKind: text('payable_kind').notNull(),
    payableId: uuid('payable_id').notNull(),
    /** Whole KES charged: what was due, from the database. */
    amount: integer('amount').notNull(),
    /** pending (the sale under way or its fate unknown), paid, failed (nothing charged). */
    state: text('state', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    transactionId: text('transaction_id'),
    transactionStatus: text('transaction_status'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('payable_card_payments_payable_idx').on(t.payableKind, t.payableId, t.createdAt),
    index('payable_card_payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
    uniqueIndex('payable_card_payments_transaction_id').on(t.transactionId),
  ],
);
