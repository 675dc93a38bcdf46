import type { CarAvailability } from '@dealership/car-server';
import type { MpesaPayment, Order, OrderStatus } from '@dealership/order-schemas';
import { mpesaPayments, orderLines, orderQueries, orders } from '@dealership/order-data';
import type { Database, Transaction } from '@dealership/server-db';
import { accountContacts } from '@dealership/user-data/published';
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';

// What the order domain's repositories share: how an order is loaded and shown, the predicates
// that say which orders are placed, unpaid or holding cars, and how an order's cars are released.

/** Orders, newest first (ties broken by id so the order is stable), with buyer and lines. */
export function findOrders(db: Database | Transaction, where?: SQL) {
  return orderQueries(db).orders.findMany({
    where,
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    columns: {
      id: true,
      status: true,
      amount: true,
      paymentMethod: true,
      paymentSuccess: true,
      payment: true,
      contactName: true,
      contactPhone: true,
      contactAddress: true,
      createdAt: true,
      deposit: true,
      depositPaidAt: true,
      holdExpiresAt: true,
      tradeInReference: true,
      tradeInCreditKes: true,
    },
    with: {
      mpesaPayments: { orderBy: [desc(mpesaPayments.createdAt), desc(mpesaPayments.id)] },
      buyer: { columns: { id: true, name: true, emailVerifiedAt: true } },
      lines: {
        columns: { id: true, carId: true, name: true, slug: true, price: true, imageUrl: true },
        orderBy: [asc(orderLines.position)],
      },
    },
  });
}

/** An order as `findOrders` loads it (the type Drizzle infers from the query). */
type OrderRow = Awaited<ReturnType<typeof findOrders>>[number];

type MpesaPaymentRow = typeof mpesaPayments.$inferSelect;

/** An M-Pesa request as the contract shows it (the callback's token hash and Daraja's ids stay here). */
export function toMpesaPayment(row: MpesaPaymentRow): MpesaPayment {
  return {
    id: row.id,
    orderId: row.orderId,
    state: row.state,
    amount: row.amount,
    phone: row.phone,
    receipt: row.receipt,
    resultCode: row.resultCode,
    message: row.message,
    requestedAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A Kenyan mobile number as M-Pesa's texts write it (+2547..., 2547..., 07...), for PostgreSQL's regexp_replace. */
export const KENYAN_PHONE_PATTERN = String.raw`\+?(254|0)[17][0-9]{8}`;

/** Statuses after which an order holds nothing any more. */
export const CLOSED_STATUSES: OrderStatus[] = ['cancel', 'deliverd'];

/** The contract's order; only named payment fields leave (the provider's raw record stays here). */
export function toOrder({
  paymentMethod,
  paymentSuccess,
  payment,
  contactName,
  contactPhone,
  contactAddress,
  createdAt,
  deposit,
  depositPaidAt,
  holdExpiresAt,
  mpesaPayments: requests,
  tradeInReference,
  tradeInCreditKes,
  ...order
}: OrderRow): Order {
  const depositPaid = deposit !== null && depositPaidAt !== null ? deposit : 0;
  const credit = tradeInCreditKes ?? 0;
  // A hold shows while it holds: an unpaid reservation the staff have not moved on, or a paid deposit's, until the order closes.
  const holding = !CLOSED_STATUSES.includes(order.status) && (depositPaidAt !== null || order.status === 'Not Process');
  return {
    id: order.id,
    status: order.status,
    buyer: order.buyer && { id: order.buyer.id, name: order.buyer.name, emailVerified: order.buyer.emailVerifiedAt !== null },
    contact: { name: contactName, phone: contactPhone, address: contactAddress },
    createdAt: createdAt.toISOString(),
    amount: order.amount,
    payment: {
      success: paymentSuccess,
      method: paymentMethod,
      provider: payment.provider,
      ...(payment.transactionId ? { transactionId: payment.transactionId } : {}),
      ...(payment.status ? { status: payment.status } : {}),
    },
    lines: order.lines,
    deposit: deposit === null ? null : { amount: deposit, paidAt: depositPaidAt?.toISOString() ?? null, receipt: requests.find((r) => r.state === 'paid')?.receipt ?? null },
    balance: paymentSuccess ? 0 : Math.max(0, order.amount - credit - depositPaid),
    tradeInCredit: tradeInReference !== null && tradeInCreditKes !== null ? { reference: tradeInReference, amountKes: tradeInCreditKes } : null,
    holdExpiresAt: holding && holdExpiresAt ? holdExpiresAt.toISOString() : null,
    mpesaPayments: requests.map(toMpesaPayment),
  };
}

/** Placed orders: a card order whose sale is still under way is not one yet. */
export const placed = () => eq(orders.pending, false);

/** One order as the contract shows it, read in `tx` (undefined when it is gone). */
export async function loadOrder(tx: Database | Transaction, id: string): Promise<Order | undefined> {
  const [order] = (await findOrders(tx, eq(orders.id, id))).map(toOrder);
  return order;
}

/**
 * Cars of `carIds` that an order other than `orderId` holds: a pending or placed order that is not
 * cancelled.
 */
export async function heldElsewhere(tx: Transaction, carIds: string[], orderId: string): Promise<string[]> {
  if (carIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ carId: orderLines.carId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.carId, carIds), ne(orders.id, orderId), ne(orders.status, 'cancel')));
  return rows.map((r) => r.carId).filter((id): id is string => id !== null);
}

/** The distinct cars of an order's lines (a deleted car's line has none). */
export async function carIdsOf(tx: Transaction, orderId: string): Promise<string[]> {
  const rows = await tx.select({ carId: orderLines.carId }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return [...new Set(rows.map((r) => r.carId).filter((id): id is string => id !== null))];
}

/** Makes the cars of `carIds` Available again, but those another open order holds. */
export async function releaseCars(tx: Transaction, availability: CarAvailability, carIds: string[], orderId: string): Promise<void> {
  const held = new Set(await heldElsewhere(tx, carIds, orderId));
  await availability.release(
    tx,
    carIds.filter((id) => !held.has(id)),
  );
}

/** Reservations without a deposit: placed, not paid. */
export const unpaidReservations = () => and(placed(), eq(orders.paymentMethod, 'reservation'), eq(orders.paymentSuccess, false), isNull(orders.depositPaidAt));

/** An M-Pesa request for the order is still waiting for the buyer: its hold does not end under them. */
export const depositUnderWay = () => sql`exists (select 1 from ${mpesaPayments} p where p.order_id = ${orders.id} and p.state = 'pending')`;

/** Those the staff have not moved on yet (`Not Process`): the ones whose hold runs out. */
export const untouchedUnpaidReservations = () => and(unpaidReservations(), eq(orders.status, 'Not Process'));

/** A buyer's reservations that hold cars without a deposit: neither cancelled nor delivered. */
export function openUnpaidReservations(buyerId: string): SQL | undefined {
  return and(eq(orders.buyerId, buyerId), unpaidReservations(), notInArray(orders.status, ['cancel', 'deliverd']));
}

/** The buyer's email address, read in the caller's transaction (undefined when the account is gone). */
export async function emailOfBuyer(tx: Transaction, buyerId: string): Promise<string | undefined> {
  const [row] = await tx.select({ email: accountContacts.email }).from(accountContacts).where(eq(accountContacts.id, buyerId));
  return row?.email;
}


