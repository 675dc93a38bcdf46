import type { CarStatus } from '@dealership/car-model';
import { CarAvailability, type CarForOrder } from '@dealership/car-server';
import {
  type MpesaPayment,
  type Order,
  type OrderListFilters,
  type OrderPage,
  type OrderQuoteLine,
  type OrderReport,
  ORDER_STATUSES,
  type OrderStats,
  type OrderStatus,
  type PaymentMethod,
} from '@dealership/order-schemas';
import {
  accountContacts,
  CatalogueChanges,
  DB,
  type Database,
  mpesaPayments,
  orderLines,
  orders,
  type PaymentRecord,
  pgError,
  PG_UNIQUE_VIOLATION,
  type Transaction,
} from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, not, notInArray, or, type SQL, sql } from 'drizzle-orm';

/** Orders, newest first (ties broken by id so the order is stable), with buyer and lines. */
function findOrders(db: Database | Transaction, where?: SQL) {
  return db.query.orders.findMany({
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

/** Statuses after which an order holds nothing any more. */
const CLOSED_STATUSES: OrderStatus[] = ['cancel', 'deliverd'];

/** The contract's order; only named payment fields leave (the provider's raw record stays here). */
function toOrder({
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
  ...order
}: OrderRow): Order {
  const depositPaid = deposit !== null && depositPaidAt !== null ? deposit : 0;
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
    balance: paymentSuccess ? 0 : Math.max(0, order.amount - depositPaid),
    holdExpiresAt: holding && holdExpiresAt ? holdExpiresAt.toISOString() : null,
    mpesaPayments: requests.map(toMpesaPayment),
  };
}

/** Placed orders: a card order whose sale is still under way is not one yet. */
const placed = () => eq(orders.pending, false);

/** `text` as a literal ILIKE pattern: `%`, `_` and `\` lose their special meaning. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Orders whose buyer's account (name, email, phone) or contact at purchase (name, phone) holds
 * `search`. The account subquery is text with its own alias: Drizzle's relational queries would
 * re-alias a column in a `where` to the root table. It reads the user domain's published view `account_contacts`.
 */
function buyerSearch(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  return or(
    sql`${orders.contactName} ilike ${pattern}`,
    sql`${orders.contactPhone} ilike ${pattern}`,
    inArray(orders.buyerId, sql`(select u.id from account_contacts u where u.name ilike ${pattern} or u.email ilike ${pattern} or u.phone ilike ${pattern})`),
  );
}

/**
 * Cars of `carIds` that an order other than `orderId` holds: a pending or placed order that is not
 * cancelled.
 */
async function heldElsewhere(tx: Transaction, carIds: string[], orderId: string): Promise<string[]> {
  if (carIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ carId: orderLines.carId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.carId, carIds), ne(orders.id, orderId), ne(orders.status, 'cancel')));
  return rows.map((r) => r.carId).filter((id): id is string => id !== null);
}

/** Reservations without a deposit: placed, not paid. */
const unpaidReservations = () => and(placed(), eq(orders.paymentMethod, 'reservation'), eq(orders.paymentSuccess, false), isNull(orders.depositPaidAt));

/** An M-Pesa request for the order is still waiting for the buyer: its hold does not end under them. */
const depositUnderWay = () => sql`exists (select 1 from ${mpesaPayments} p where p.order_id = ${orders.id} and p.state = 'pending')`;

/** Those the staff have not moved on yet (`Not Process`): the ones whose hold runs out. */
const untouchedUnpaidReservations = () => and(unpaidReservations(), eq(orders.status, 'Not Process'));

/** A buyer's reservations that hold cars without a deposit: neither cancelled nor delivered. */
function openUnpaidReservations(buyerId: string): SQL | undefined {
  return and(eq(orders.buyerId, buyerId), unpaidReservations(), notInArray(orders.status, ['cancel', 'deliverd']));
}

/**
 * Orders whose hold ends between `now` and the end of the day in Nairobi (UTC+3 all year, no summer
 * time): unpaid reservations still untouched, and paid deposits, of orders not closed.
 */
function holdEndsToday(now: Date): SQL | undefined {
  const NAIROBI_OFFSET_MS = 3 * 3_600_000;
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  const endOfDay = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - NAIROBI_OFFSET_MS);
  return and(
    notInArray(orders.status, CLOSED_STATUSES),
    or(isNotNull(orders.depositPaidAt), eq(orders.status, 'Not Process')),
    gte(orders.holdExpiresAt, now),
    lt(orders.holdExpiresAt, endOfDay),
  );
}

/** What the buyer's cars came to when an order was to be placed. */
export type ReserveResult =
  | { ok: true; order: Order }
  /** Cars not Available (or gone), each with its name when it still exists. */
  | { ok: false; reason: 'unavailable'; cars: { id: string; name?: string; status?: CarStatus }[] }
  /** The buyer placed (or is placing) an order with this idempotency key meanwhile. */
  | { ok: false; reason: 'duplicate-key' }
  /** The buyer's account is gone. */
  | { ok: false; reason: 'no-buyer' }
  /** The buyer already holds `limit` open reservations without a deposit. */
  | { ok: false; reason: 'unpaid-limit'; limit: number };

export interface ReserveRequest {
  buyerId: string;
  carIds: string[];
  method: PaymentMethod;
  idempotencyKey?: string;
  /** Runs in the transaction once a reservation is placed (its messages): both or neither. */
  onPlaced?: OrderHook;
  /** For a reservation: the most open reservations without a deposit the buyer may hold (the rules in force). */
  maxUnpaid?: number;
  /** For a reservation: how many hours it holds its cars without a deposit (the rules in force). */
  holdHours?: number;
  /** For a reservation: the booking deposit of a car at this price (the rules in force). */
  depositFor?: (price: number) => number;
}

/** What asking for a deposit came to. */
export type StartMpesaResult =
  | { ok: true; payment: MpesaPayment }
  | { ok: false; reason: 'not-found' | 'no-deposit' | 'paid' | 'closed' }
  /** A request made moments ago still waits for the buyer's PIN. */
  | { ok: false; reason: 'waiting'; payment: MpesaPayment };

/** One M-Pesa result to record: from our callback (matched by its token and CheckoutRequestID) or our status query. */
export interface MpesaSettlement {
  match: { callbackTokenHash: string; checkoutRequestId: string } | { paymentId: string };
  by: 'callback' | 'query' | 'push';
  result: { resultCode: number; resultDesc: string; receipt?: string; amountKes?: number; phone?: string; message: string };
  now: Date;
  /** Days a paid deposit holds the cars (the rules in force). */
  paidHoldDays: number;
  /** What the buyer reads when the paid amount or number is not what we asked. */
  mismatchMessage: string;
  /** Runs in the transaction once the deposit is paid (the messages); `problem` when the staff must settle it by hand. */
  onPaid?: (tx: Transaction, order: Order, payment: MpesaPayment, problem?: string) => Promise<void>;
}

export type MpesaSettleResult =
  | { outcome: 'unmatched' }
  | { outcome: 'duplicate' | 'receipt-added' | 'failed'; payment: MpesaPayment }
  | { outcome: 'mismatch'; payment: MpesaPayment; problem: string }
  | { outcome: 'paid'; payment: MpesaPayment; order: Order; problem?: string };

/** Work done in an order write's transaction (writing its messages to the outbox). */
export type OrderHook = (tx: Transaction, order: Order) => Promise<void>;

/** What a status change came to. */
export type SetStatusResult =
  | { ok: true; before: OrderStatus }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'cars-taken'; cars: { id: string; name: string }[] };

/** The only code that reads the order tables; it returns API orders, never raw rows. */
@Injectable()
export class OrderRepository {
  // Orders move their cars' status, through car's port: the catalogue's readers are told (CatalogueChanges).
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly changes: CatalogueChanges,
    private readonly availability: CarAvailability,
  ) {}

  /** Runs `work` in a transaction of the orders' database (messages written with a change elsewhere). */
  inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  private async find(where?: SQL): Promise<Order[]> {
    return (await findOrders(this.db, where)).map(toOrder);
  }

  ofBuyer(buyerId: string): Promise<Order[]> {
    return this.find(and(eq(orders.buyerId, buyerId), placed()));
  }

  all(): Promise<Order[]> {
    return this.find(placed());
  }

  /**
   * Removes the buyer's personal fields from the orders `which` selects (the contact given at
   * placing, the link to the account, the M-Pesa numbers): amounts, lines, status and dates stay
   * for the dealer's accounting and reports. How many orders changed.
   */
  private async anonymise(db: Database | Transaction, which: SQL): Promise<number> {
    const changed = await db
      .update(orders)
      .set({ buyerId: null, contactName: null, contactPhone: null, contactAddress: null })
      .where(and(which, or(isNotNull(orders.buyerId), isNotNull(orders.contactName), isNotNull(orders.contactPhone), isNotNull(orders.contactAddress))))
      .returning({ id: orders.id });
    const ids = changed.map((row) => row.id);
    if (ids.length > 0) await db.update(mpesaPayments).set({ phone: '' }).where(inArray(mpesaPayments.orderId, ids));
    return ids.length;
  }

  /** A buyer deleted their account: their orders stay without them, in the caller's transaction. */
  anonymiseBuyer(tx: Transaction, buyerId: string): Promise<number> {
    return this.anonymise(tx, eq(orders.buyerId, buyerId));
  }

  /** Orders placed before `cutoff` (the sale's retention period ended). */
  anonymisePlacedBefore(cutoff: Date): Promise<number> {
    return this.db.transaction((tx) => this.anonymise(tx, lt(orders.createdAt, cutoff)));
  }

  /** One page of the placed orders matching the filters, newest first, with the total. */
  async page({ status, search, expiringToday, page, pageSize }: OrderListFilters, now = new Date()): Promise<OrderPage> {
    const where = and(
      placed(),
      status ? eq(orders.status, status) : undefined,
      search ? buyerSearch(search) : undefined,
      expiringToday ? holdEndsToday(now) : undefined,
    );
    const [pageRows, [{ total }]] = await Promise.all([
      this.db
        .select({ id: orders.id })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ total: count() }).from(orders).where(where),
    ]);
    const items =
      pageRows.length > 0
        ? await this.find(
            inArray(
              orders.id,
              pageRows.map((r) => r.id),
            ),
          )
        : [];
    return { items, total, page, pageSize, pageCount: Math.ceil(total / pageSize) };
  }

  /** A placed order (a pending card order is not one). */
  async byId(id: string): Promise<Order | undefined> {
    const [order] = await this.find(and(eq(orders.id, id), placed()));
    return order;
  }

  /** The buyer's order under an idempotency key, placed or still pending. */
  async byIdempotencyKey(buyerId: string, idempotencyKey: string): Promise<{ order: Order; pending: boolean } | undefined> {
    const [row] = await this.db
      .select({ id: orders.id, pending: orders.pending })
      .from(orders)
      .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, idempotencyKey)));
    if (!row) return undefined;
    const [order] = await this.find(eq(orders.id, row.id));
    return order ? { order, pending: row.pending } : undefined;
  }

  /** Orders by status, in one grouped query; statuses no order has count 0. */
  async stats(): Promise<OrderStats> {
    const rows = await this.db.select({ status: orders.status, count: count() }).from(orders).where(placed()).groupBy(orders.status);
    const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as OrderStats['byStatus'];
    for (const row of rows) byStatus[row.status] = row.count;
    return { total: rows.reduce((total, row) => total + row.count, 0), byStatus };
  }

  /** The cars of `ids` that exist, in that order, with today's price, status and main picture. */
  async quoteLines(ids: string[]): Promise<OrderQuoteLine[]> {
    const found = new Map((await this.availability.find(ids)).map((car) => [car.id, car]));
    return ids.flatMap((id) => {
      const car = found.get(id);
      return car ? [{ carId: car.id, name: car.name, slug: car.slug, price: car.price, imageUrl: car.imageUrl, status: car.status }] : [];
    });
  }

  /**
   * In one transaction: locks the cars, checks that every one exists and is Available, marks them
   * Reserved and records the order (amount and lines from the database, the buyer's contact as it
   * is now). A reservation is placed at once; a card order is `pending` until `markPaid`.
   */
  async reserve({ buyerId, carIds, method, idempotencyKey, onPlaced, maxUnpaid, holdHours, depositFor }: ReserveRequest): Promise<ReserveResult> {
    try {
      return await this.changes.after(
        this.db.transaction(async (tx): Promise<ReserveResult> => {
          if (method === 'reservation' && maxUnpaid !== undefined) {
            // One buyer's reservations are placed one at a time (a lock for the transaction), so two at once cannot both pass the cap.
            await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-buyer:${buyerId}`}))`);
            const [{ unpaid }] = await tx.select({ unpaid: count() }).from(orders).where(openUnpaidReservations(buyerId));
            if (unpaid >= maxUnpaid) return { ok: false, reason: 'unpaid-limit', limit: maxUnpaid };
          }
          const locked = await this.availability.lock(tx, carIds);
          const byId = new Map(locked.map((car) => [car.id, car]));
          const unavailable = this.availability.unavailable(carIds, locked);
          if (unavailable.length > 0) return { ok: false, reason: 'unavailable', cars: unavailable };

          const [buyer] = await tx
            .select({ name: accountContacts.name, phone: accountContacts.phone, address: accountContacts.address })
            .from(accountContacts)
            .where(eq(accountContacts.id, buyerId));
          if (!buyer) return { ok: false, reason: 'no-buyer' };

          const lines = carIds.map((id) => byId.get(id) as CarForOrder);
          const payment: PaymentRecord = method === 'card' ? { provider: 'braintree', status: 'pending' } : { provider: 'reservation' };
          const [order] = await tx
            .insert(orders)
            .values({
              buyerId,
              amount: lines.reduce((sum, car) => sum + car.price, 0),
              paymentMethod: method,
              paymentSuccess: false,
              payment,
              pending: method === 'card',
              contactName: buyer.name,
              contactPhone: buyer.phone,
              contactAddress: buyer.address,
              idempotencyKey,
              holdExpiresAt: method === 'reservation' && holdHours !== undefined ? new Date(Date.now() + holdHours * 3_600_000) : null,
              deposit: method === 'reservation' && depositFor ? lines.reduce((sum, car) => sum + depositFor(car.price), 0) : null,
            })
            .returning({ id: orders.id });
          await tx.insert(orderLines).values(
            lines.map((car, position) => ({
              orderId: order.id,
              carId: car.id,
              name: car.name,
              slug: car.slug,
              price: car.price,
              imageUrl: car.imageUrl,
              position,
            })),
          );
          await this.availability.reserve(tx, carIds);
          const [placedOrder] = (await findOrders(tx, eq(orders.id, order.id))).map(toOrder);
          if (method === 'reservation') await onPlaced?.(tx, placedOrder);
          return { ok: true, order: placedOrder };
        }),
      );
    } catch (error) {
      const { code, constraint } = pgError(error);
      if (code === PG_UNIQUE_VIOLATION && constraint === 'orders_buyer_idempotency_key') return { ok: false, reason: 'duplicate-key' };
      throw error;
    }
  }

  /**
   * A pending card order whose sale succeeded becomes a placed, paid order (an order already placed
   * is left as it is). The order as it is now; `undefined` when it is gone.
   */
  async markPaid(orderId: string, payment: { transactionId: string; status: string }, onPlaced?: OrderHook): Promise<Order | undefined> {
    return this.db.transaction(async (tx) => {
      const placedNow = await tx
        .update(orders)
        .set({ pending: false, paymentSuccess: true, payment: { provider: 'braintree', transactionId: payment.transactionId, status: payment.status } })
        .where(and(eq(orders.id, orderId), eq(orders.pending, true)))
        .returning({ id: orders.id });
      const [order] = (await findOrders(tx, eq(orders.id, orderId))).map(toOrder);
      if (order && placedNow.length > 0) await onPlaced?.(tx, order);
      return order;
    });
  }

  /** The buyer's email address, read in the caller's transaction (undefined when the account is gone). */
  async buyerEmail(tx: Transaction, buyerId: string): Promise<string | undefined> {
    const [row] = await tx.select({ email: accountContacts.email }).from(accountContacts).where(eq(accountContacts.id, buyerId));
    return row?.email;
  }

  /** Ids of the pending card orders created before `cutoff`, oldest first, at most `limit`. */
  async pendingBefore(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.pending, true), lt(orders.createdAt, cutoff)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * Undoes a pending card order whose sale failed, in one transaction: the order and its lines go,
   * its cars are Available again. No-op (false) for an order that is not pending or is gone.
   */
  async discardPending(orderId: string): Promise<boolean> {
    return this.changes.after(this.discardInTransaction(orderId));
  }

  private discardInTransaction(orderId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.pending, true)))
        .for('update');
      if (!order) return false;
      const carIds = await this.carIdsOf(tx, orderId);
      await this.availability.lock(tx, carIds);
      await tx.delete(orders).where(eq(orders.id, orderId));
      await this.releaseCars(tx, carIds, orderId);
      return true;
    });
  }

  /** Makes the cars of `carIds` Available again, but those another open order holds. */
  private async releaseCars(tx: Transaction, carIds: string[], orderId: string): Promise<void> {
    const held = new Set(await heldElsewhere(tx, carIds, orderId));
    await this.availability.release(
      tx,
      carIds.filter((id) => !held.has(id)),
    );
  }

  private async carIdsOf(tx: Transaction, orderId: string): Promise<string[]> {
    const rows = await tx.select({ carId: orderLines.carId }).from(orderLines).where(eq(orderLines.orderId, orderId));
    return [...new Set(rows.map((r) => r.carId).filter((id): id is string => id !== null))];
  }

  /**
   * Sets a placed order's status and moves its cars with it, in one transaction: `cancel` makes
   * them Available (but those another open order holds), `deliverd` Sold, any other status
   * Reserved. Re-opening a cancelled order fails when another order holds one of its cars now.
   */
  async setStatus(id: string, status: OrderStatus, onChanged?: OrderHook): Promise<SetStatusResult> {
    return this.changes.after(this.setStatusInTransaction(id, status, onChanged));
  }

  private setStatusInTransaction(id: string, status: OrderStatus, onChanged?: OrderHook): Promise<SetStatusResult> {
    return this.db.transaction(async (tx): Promise<SetStatusResult> => {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, id), placed()))
        .for('update');
      if (!order) return { ok: false, reason: 'not-found' };
      const carIds = await this.carIdsOf(tx, id);
      const locked = await this.availability.lock(tx, carIds);

      if (status === 'cancel') {
        await this.releaseCars(tx, carIds, id);
      } else {
        const held = new Set(await heldElsewhere(tx, carIds, id));
        if (order.status === 'cancel' && held.size > 0) {
          return { ok: false, reason: 'cars-taken', cars: locked.filter((car) => held.has(car.id)).map((car) => ({ id: car.id, name: car.name })) };
        }
        const mine = carIds.filter((carId) => !held.has(carId));
        if (status === 'deliverd') await this.availability.sell(tx, mine);
        else await this.availability.reserve(tx, mine);
      }
      await tx.update(orders).set({ status }).where(eq(orders.id, id));
      if (onChanged && order.status !== status) {
        const [changed] = (await findOrders(tx, eq(orders.id, id))).map(toOrder);
        await onChanged(tx, changed);
      }
      return { ok: true, before: order.status };
    });
  }

  /**
   * Reservations without a deposit whose hold has ended (`expire`), and those ending within
   * `reminderMs` whose buyer has not been reminded yet (`remind`), oldest first, at most `limit` each.
   */
  async dueHolds(now: Date, reminderMs: number, limit = 50): Promise<{ expire: string[]; remind: { id: string; endsAt: Date }[] }> {
    const open = untouchedUnpaidReservations();
    const [expire, remind] = await Promise.all([
      this.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(open, lte(orders.holdExpiresAt, now), not(depositUnderWay())))
        .orderBy(asc(orders.holdExpiresAt))
        .limit(limit),
      this.db
        .select({ id: orders.id, endsAt: orders.holdExpiresAt })
        .from(orders)
        .where(and(open, isNull(orders.remindedAt), gt(orders.holdExpiresAt, now), lte(orders.holdExpiresAt, new Date(now.getTime() + reminderMs))))
        .orderBy(asc(orders.holdExpiresAt))
        .limit(limit),
    ]);
    return { expire: expire.map((row) => row.id), remind: remind.map((row) => ({ id: row.id, endsAt: row.endsAt as Date })) };
  }

  /**
   * Ends a reservation's hold if it is still due (not paid, not moved on by the staff, its hold
   * over at `now`): the order is cancelled and its cars Available again, with `onExpired` in the
   * same transaction. False when it no longer applies.
   */
  async expireHold(id: string, now: Date, onExpired?: OrderHook): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), untouchedUnpaidReservations(), lte(orders.holdExpiresAt, now), not(depositUnderWay())))
        .for('update');
      if (!order) return false;
      const carIds = await this.carIdsOf(tx, id);
      await this.availability.lock(tx, carIds);
      await this.releaseCars(tx, carIds, id);
      // At the sweep's clock: the owner's report counts a reservation cancelled at or after its hold's end as expired.
      await tx.update(orders).set({ status: 'cancel', updatedAt: now }).where(eq(orders.id, id));
      if (onExpired) {
        const [expired] = (await findOrders(tx, eq(orders.id, id))).map(toOrder);
        await onExpired(tx, expired);
      }
      return true;
    });
  }

  /** Marks a reservation's buyer reminded (once) and runs `onReminded` in the same transaction; false when already done or no longer due. */
  async markReminded(id: string, now: Date, onReminded?: OrderHook): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(orders)
        .set({ remindedAt: now })
        .where(and(eq(orders.id, id), untouchedUnpaidReservations(), isNull(orders.remindedAt), gt(orders.holdExpiresAt, now)))
        .returning({ id: orders.id });
      if (rows.length === 0) return false;
      if (onReminded) {
        const [order] = (await findOrders(tx, eq(orders.id, id))).map(toOrder);
        await onReminded(tx, order);
      }
      return true;
    });
  }

  // M-Pesa deposits.

  /**
   * Starts an M-Pesa request for the deposit of one of the buyer's reservations, in one transaction
   * with the order locked: the reservation must be placed, open (not cancelled or delivered), with
   * a deposit due and unpaid. A request already waiting for the buyer's PIN (made within
   * `pendingWindowMs`) is returned instead of a second prompt (a double tap).
   */
  async startMpesaPayment(request: { orderId: string; buyerId: string; phone: string; callbackTokenHash: string; now: Date; pendingWindowMs: number }): Promise<StartMpesaResult> {
    return this.db.transaction(async (tx): Promise<StartMpesaResult> => {
      const [order] = await tx
        .select({ id: orders.id, status: orders.status, method: orders.paymentMethod, deposit: orders.deposit, depositPaidAt: orders.depositPaidAt })
        .from(orders)
        .where(and(eq(orders.id, request.orderId), eq(orders.buyerId, request.buyerId), placed()))
        .for('update');
      if (!order) return { ok: false, reason: 'not-found' };
      if (order.method !== 'reservation' || order.deposit === null || order.deposit <= 0) return { ok: false, reason: 'no-deposit' };
      if (order.depositPaidAt !== null) return { ok: false, reason: 'paid' };
      if (CLOSED_STATUSES.includes(order.status)) return { ok: false, reason: 'closed' };
      const [waiting] = await tx
        .select()
        .from(mpesaPayments)
        .where(and(eq(mpesaPayments.orderId, order.id), eq(mpesaPayments.state, 'pending'), gt(mpesaPayments.createdAt, new Date(request.now.getTime() - request.pendingWindowMs))))
        .orderBy(desc(mpesaPayments.createdAt))
        .limit(1);
      if (waiting) return { ok: false, reason: 'waiting', payment: toMpesaPayment(waiting) };
      const [row] = await tx
        .insert(mpesaPayments)
        .values({ orderId: order.id, amount: order.deposit, phone: request.phone, callbackTokenHash: request.callbackTokenHash })
        .returning();
      return { ok: true, payment: toMpesaPayment(row) };
    });
  }

  /** Daraja accepted the push: its ids, which the callback and the query are matched by. */
  async recordPush(paymentId: string, push: { checkoutRequestId: string; merchantRequestId: string }): Promise<void> {
    await this.db.update(mpesaPayments).set(push).where(eq(mpesaPayments.id, paymentId));
  }

  /** The push never reached the buyer (Daraja refused it, failed, or did not answer): the request fails with `message`. */
  async failPush(paymentId: string, now: Date, detail: string, message: string): Promise<MpesaPayment> {
    const [row] = await this.db
      .update(mpesaPayments)
      .set({ state: 'failed', settledBy: 'push', finishedAt: now, resultDesc: detail.slice(0, 500), message })
      .where(eq(mpesaPayments.id, paymentId))
      .returning();
    return toMpesaPayment(row);
  }

  /** One of the buyer's M-Pesa requests (undefined for another buyer's). */
  async mpesaPaymentOf(buyerId: string, paymentId: string): Promise<(MpesaPayment & { checkoutRequestId: string | null; lastQueriedAt: Date | null }) | undefined> {
    const [row] = await this.db
      .select({ payment: mpesaPayments })
      .from(mpesaPayments)
      .innerJoin(orders, eq(orders.id, mpesaPayments.orderId))
      .where(and(eq(mpesaPayments.id, paymentId), eq(orders.buyerId, buyerId)));
    return row && { ...toMpesaPayment(row.payment), checkoutRequestId: row.payment.checkoutRequestId, lastQueriedAt: row.payment.lastQueriedAt };
  }

  /** Requests still waiting: pushed before `pushedBefore` and not queried since `queriedBefore` (the query job's work), oldest first. */
  async waitingMpesaPayments(pushedBefore: Date, queriedBefore: Date, limit: number): Promise<{ id: string; checkoutRequestId: string | null; createdAt: Date }[]> {
    return this.db
      .select({ id: mpesaPayments.id, checkoutRequestId: mpesaPayments.checkoutRequestId, createdAt: mpesaPayments.createdAt })
      .from(mpesaPayments)
      .where(
        and(
          eq(mpesaPayments.state, 'pending'),
          lt(mpesaPayments.createdAt, pushedBefore),
          or(isNull(mpesaPayments.lastQueriedAt), lt(mpesaPayments.lastQueriedAt, queriedBefore)),
        ),
      )
      .orderBy(asc(mpesaPayments.createdAt))
      .limit(limit);
  }

  /** Claims a waiting request for one status query (false when another instance or poll just asked). */
  async claimQuery(paymentId: string, now: Date, queriedBefore: Date): Promise<boolean> {
    const rows = await this.db
      .update(mpesaPayments)
      .set({ lastQueriedAt: now })
      .where(
        and(
          eq(mpesaPayments.id, paymentId),
          eq(mpesaPayments.state, 'pending'),
          or(isNull(mpesaPayments.lastQueriedAt), lt(mpesaPayments.lastQueriedAt, queriedBefore)),
        ),
      )
      .returning({ id: mpesaPayments.id });
    return rows.length > 0;
  }

  /**
   * Settles one M-Pesa request with its result, once (the request row is locked; a request no
   * longer pending is left as it is, so a repeated callback changes nothing). `match` is either
   * the callback's token hash and `CheckoutRequestID` (both must be ours, of one request) or a
   * request id (a status query we made). A callback whose paid amount or number differs from what
   * we asked is not trusted: the request fails for the buyer and the staff check it by hand.
   * Paid: the order's deposit is paid and its cars held for `paidHoldDays` from now; `onPaid`
   * runs in the same transaction.
   */
  async settleMpesa(settlement: MpesaSettlement): Promise<MpesaSettleResult> {
    return this.db.transaction(async (tx): Promise<MpesaSettleResult> => {
      const { match, result, now } = settlement;
      const [row] = await tx
        .select()
        .from(mpesaPayments)
        .where('paymentId' in match ? eq(mpesaPayments.id, match.paymentId) : eq(mpesaPayments.callbackTokenHash, match.callbackTokenHash))
        .for('update');
      if (!row) return { outcome: 'unmatched' };
      if ('checkoutRequestId' in match) {
        // The token is ours; the push it names must be this one. A push whose answer never came (no
        // ids recorded) is the one exception: the token alone is ours, and its payment is real.
        const pushUnanswered = row.checkoutRequestId === null && row.settledBy === 'push';
        if (row.checkoutRequestId !== match.checkoutRequestId && !pushUnanswered) return { outcome: 'unmatched' };
      }
      const payment = toMpesaPayment(row);
      if (row.state !== 'pending' && !(row.state === 'failed' && row.settledBy === 'push' && result.resultCode === 0)) {
        // Settled before: a repeated callback. A payment confirmed by a query gets its receipt from the callback that follows.
        if (row.state === 'paid' && row.receipt === null && result.resultCode === 0 && result.receipt && 'checkoutRequestId' in match) {
          await tx.update(mpesaPayments).set({ receipt: result.receipt }).where(eq(mpesaPayments.id, row.id));
          return { outcome: 'receipt-added', payment: { ...payment, receipt: result.receipt } };
        }
        return { outcome: 'duplicate', payment };
      }
      const finished = { finishedAt: now, resultCode: result.resultCode, resultDesc: result.resultDesc.slice(0, 500), settledBy: settlement.by };
      if (result.resultCode !== 0) {
        const [failed] = await tx
          .update(mpesaPayments)
          .set({ ...finished, state: 'failed', message: result.message })
          .where(eq(mpesaPayments.id, row.id))
          .returning();
        return { outcome: 'failed', payment: toMpesaPayment(failed) };
      }
      const paidPhone = result.phone === undefined ? undefined : `+${result.phone.replace(/^\+/, '')}`;
      // A callback must report the amount we asked (a status query reports none: it is our own question about our own request).
      const amountDiffers = settlement.by === 'callback' ? result.amountKes !== row.amount : false;
      if (amountDiffers || (paidPhone !== undefined && paidPhone !== row.phone)) {
        const problem = `M-Pesa reported KES ${result.amountKes ?? '?'} from ${paidPhone ?? '?'} (receipt ${result.receipt ?? '?'}), but we asked KES ${row.amount} from ${row.phone}`;
        const [failed] = await tx
          .update(mpesaPayments)
          .set({ ...finished, state: 'failed', resultDesc: problem, message: settlement.mismatchMessage })
          .where(eq(mpesaPayments.id, row.id))
          .returning();
        return { outcome: 'mismatch', payment: toMpesaPayment(failed), problem };
      }
      const [paid] = await tx
        .update(mpesaPayments)
        .set({ ...finished, state: 'paid', receipt: result.receipt ?? null, message: result.message })
        .where(eq(mpesaPayments.id, row.id))
        .returning();
      const [order] = await tx
        .update(orders)
        .set({ depositPaidAt: now, holdExpiresAt: new Date(now.getTime() + settlement.paidHoldDays * 86_400_000), remindedAt: null })
        .where(and(eq(orders.id, row.orderId), isNull(orders.depositPaidAt)))
        .returning({ status: orders.status });
      const [placedOrder] = (await findOrders(tx, eq(orders.id, row.orderId))).map(toOrder);
      // Paid twice (two prompts both answered), or for an order closed meanwhile: the money is in, the staff settle it by hand.
      const problem = !order
        ? `A second deposit was paid for this order (receipt ${paid.receipt ?? 'to follow'}): refund one of them`
        : CLOSED_STATUSES.includes(order.status)
          ? `The deposit was paid (receipt ${paid.receipt ?? 'to follow'}) after the order was ${order.status === 'cancel' ? 'cancelled' : 'delivered'}: call the buyer to reinstate or refund it`
          : undefined;
      await settlement.onPaid?.(tx, placedOrder, toMpesaPayment(paid), problem);
      return { outcome: 'paid', payment: toMpesaPayment(paid), order: placedOrder, problem };
    });
  }

  /** The owner's figures since `since`: delivered orders per month (their count and KES) and reservations ended per month. */
  async report(since: Date): Promise<OrderReport> {
    // The month an order was delivered (or cancelled): its last change, in Nairobi.
    const month = sql<string>`to_char(${orders.updatedAt} at time zone 'Africa/Nairobi', 'YYYY-MM')`;
    const [salesPerMonth, reservationsEnded] = await Promise.all([
      this.db
        .select({ month, count: count(), amount: sql<number>`coalesce(sum(${orders.amount}), 0)::bigint`.mapWith(Number) })
        .from(orders)
        .where(and(placed(), eq(orders.status, 'deliverd'), gte(orders.updatedAt, since)))
        .groupBy(month)
        .orderBy(month),
      this.db
        .select({
          month,
          // Ended by the hold sweep: cancelled at or after the hold's end, no deposit paid.
          expired: sql<number>`count(*) filter (where ${orders.holdExpiresAt} is not null and ${orders.updatedAt} >= ${orders.holdExpiresAt} and ${orders.depositPaidAt} is null)::int`,
          cancelled: sql<number>`count(*) filter (where not (${orders.holdExpiresAt} is not null and ${orders.updatedAt} >= ${orders.holdExpiresAt} and ${orders.depositPaidAt} is null))::int`,
        })
        .from(orders)
        .where(and(placed(), eq(orders.paymentMethod, 'reservation'), eq(orders.status, 'cancel'), gte(orders.updatedAt, since)))
        .groupBy(month)
        .orderBy(month),
    ]);
    return { salesPerMonth, reservationsEnded };
  }
}
