import type { CarStatus } from '@dealership/car-model';
import { CarAvailability, CarDrafts, type CarForOrder, CatalogueChanges } from '@dealership/car-server';
import {
  type Order,
  type OrderListFilters,
  type OrderPage,
  type OrderQuoteLine,
  ORDER_STATUSES,
  type OrderStats,
  type OrderStatus,
  type PaymentMethod,
} from '@dealership/order-schemas';
import { mpesaPayments, orderLines, orders, type PaymentRecord } from '@dealership/order-data';
import { type Alongside, type Database, DB, PG_UNIQUE_VIOLATION, pgError, type Transaction } from '@dealership/server-db';
import { accountContacts } from '@dealership/user-data/published';
import { TradeInCredits } from '@dealership/trade-in-offer-server';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import {
  KENYAN_PHONE_PATTERN,
  carIdsOf,
  CLOSED_STATUSES,
  findOrders,
  heldElsewhere,
  loadOrder,
  placed,
  releaseCars,
  toOrder,
} from './order-rows';
import { type UnpaidCapRefusal, type UnpaidCaps, unpaidCapRefusal } from './unpaid-caps';

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
  /** The trade-in offer asked for is not the buyer's, not accepted, past its last day or on another order. */
  | { ok: false; reason: 'credit-unavailable' }
  /** A card order whose trade-in credit covers the whole price: nothing for the card to pay. */
  | { ok: false; reason: 'credit-covers-card' }
  /** The reservation would pass a cap on what is held without a deposit (`UnpaidCaps`). */
  | ({ ok: false } & UnpaidCapRefusal);

/** Undoes a reservation's transaction (and its trade-in claim) when the credit leaves the card nothing to pay. */
class CreditCoversCard extends Error {}

export interface ReserveRequest {
  buyerId: string;
  carIds: string[];
  method: PaymentMethod;
  idempotencyKey?: string;
  /** Runs in the transaction once a reservation is placed (its messages): both or neither. */
  alongside?: Alongside<{ order: Order }>;
  /** For a reservation: what may be held without a deposit (the rules in force), and the client's address. */
  caps?: UnpaidCaps;
  /** For a reservation: how many hours it holds its cars without a deposit (the rules in force). */
  holdHours?: number;
  /** For a reservation: the booking deposit of a car at this price (the rules in force). */
  depositFor?: (price: number) => number;
  /** An accepted trade-in offer of the buyer's to credit against the order (issue 46). */
  tradeInOfferId?: string;
}


/** What a status change came to. */
export type SetStatusResult =
  | { ok: true; before: OrderStatus; /** Photos of a trade-in draft the change took back, to delete after the commit. */ draftPhotos?: string[] }
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
    private readonly credits: TradeInCredits,
    private readonly drafts: CarDrafts,
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
   * placing, the link to the account, the address it was placed from, the M-Pesa numbers): amounts,
   * lines, status and dates stay for the dealer's accounting and reports. The numbers leave the
   * M-Pesa results' text too (a mismatch names the number that paid). The orders and M-Pesa
   * requests changed (their ids: the messages about them go with them).
   */
  private async anonymise(db: Database | Transaction, which: SQL): Promise<{ orderIds: string[]; paymentIds: string[] }> {
    const changed = await db
      .update(orders)
      .set({ buyerId: null, contactName: null, contactPhone: null, contactAddress: null, placedFrom: null })
      .where(and(which, or(isNotNull(orders.buyerId), isNotNull(orders.contactName), isNotNull(orders.contactPhone), isNotNull(orders.contactAddress), isNotNull(orders.placedFrom))))
      .returning({ id: orders.id });
    const ids = changed.map((row) => row.id);
    if (ids.length === 0) return { orderIds: [], paymentIds: [] };
    const payments = await db
      .update(mpesaPayments)
      .set({ phone: '', resultDesc: sql`regexp_replace(${mpesaPayments.resultDesc}, ${KENYAN_PHONE_PATTERN}, '(removed)', 'g')` })
      .where(inArray(mpesaPayments.orderId, ids))
      .returning({ id: mpesaPayments.id });
    return { orderIds: ids, paymentIds: payments.map((row) => row.id) };
  }

  /** A buyer deleted their account: their orders stay without them, in the caller's transaction; the orders and M-Pesa requests changed. */
  anonymiseBuyer(tx: Transaction, buyerId: string): Promise<{ orderIds: string[]; paymentIds: string[] }> {
    return this.anonymise(tx, eq(orders.buyerId, buyerId));
  }

  /** Orders placed before `cutoff` (the sale's retention period ended). */
  async anonymisePlacedBefore(cutoff: Date): Promise<number> {
    return (await this.db.transaction((tx) => this.anonymise(tx, lt(orders.createdAt, cutoff)))).orderIds.length;
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
  async reserve({ buyerId, carIds, method, idempotencyKey, alongside, caps, holdHours, depositFor, tradeInOfferId }: ReserveRequest): Promise<ReserveResult> {
    try {
      return await this.changes.after(
        this.db.transaction(async (tx): Promise<ReserveResult> => {
          if (method === 'reservation' && caps) {
            const refused = await unpaidCapRefusal(tx, buyerId, carIds.length, caps);
            if (refused) return { ok: false, ...refused };
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
          const amount = lines.reduce((sum, car) => sum + car.price, 0);
          const orderId = randomUUID();
          // The trade-in credit, claimed for this order in its transaction: an offer credits one order, once.
          const credit = tradeInOfferId ? await this.credits.claim(tx, tradeInOfferId, buyerId, orderId) : undefined;
          if (tradeInOfferId && !credit) return { ok: false, reason: 'credit-unavailable' };
          const creditKes = credit ? Math.min(credit.amountKes, amount) : 0;
          if (method === 'card' && creditKes >= amount) throw new CreditCoversCard();
          // At most what is left to pay after the credit; none when the credit covers it all (nothing to ask M-Pesa for).
          const depositDue = method === 'reservation' && depositFor ? Math.min(lines.reduce((sum, car) => sum + depositFor(car.price), 0), amount - creditKes) : 0;
          const deposit = depositDue > 0 ? depositDue : null;
          const payment: PaymentRecord = method === 'card' ? { provider: 'braintree', status: 'pending' } : { provider: 'reservation' };
          const [order] = await tx
            .insert(orders)
            .values({
              id: orderId,
              buyerId,
              amount,
              paymentMethod: method,
              paymentSuccess: false,
              payment,
              pending: method === 'card',
              contactName: buyer.name,
              contactPhone: buyer.phone,
              contactAddress: buyer.address,
              idempotencyKey,
              holdExpiresAt: method === 'reservation' && holdHours !== undefined ? new Date(Date.now() + holdHours * 3_600_000) : null,
              deposit,
              placedFrom: method === 'reservation' ? (caps?.address ?? null) : null,
              ...(credit ? { tradeInOfferId, tradeInReference: credit.reference, tradeInCreditKes: creditKes } : {}),
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
          const placedOrder = (await loadOrder(tx, order.id)) as Order;
          if (method === 'reservation') await alongside?.(tx, { order: placedOrder });
          return { ok: true, order: placedOrder };
        }),
      );
    } catch (error) {
      // Thrown to undo the claim made in the transaction.
      if (error instanceof CreditCoversCard) return { ok: false, reason: 'credit-covers-card' };
      const { code, constraint } = pgError(error);
      if (code === PG_UNIQUE_VIOLATION && constraint === 'orders_buyer_idempotency_key') return { ok: false, reason: 'duplicate-key' };
      throw error;
    }
  }

  /**
   * A pending card order whose sale succeeded becomes a placed, paid order (an order already placed
   * is left as it is). The order as it is now; `undefined` when it is gone.
   */
  async markPaid(orderId: string, payment: { transactionId: string; status: string }, alongside?: Alongside<{ order: Order }>): Promise<Order | undefined> {
    return this.db.transaction(async (tx) => {
      const placedNow = await tx
        .update(orders)
        .set({ pending: false, paymentSuccess: true, payment: { provider: 'braintree', transactionId: payment.transactionId, status: payment.status } })
        .where(and(eq(orders.id, orderId), eq(orders.pending, true)))
        .returning({ id: orders.id });
      const order = await loadOrder(tx, orderId);
      if (order && placedNow.length > 0) await alongside?.(tx, { order });
      return order;
    });
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
      const carIds = await carIdsOf(tx, orderId);
      await this.availability.lock(tx, carIds);
      await tx.delete(orders).where(eq(orders.id, orderId));
      await releaseCars(tx, this.availability, carIds, orderId);
      await this.credits.release(tx, orderId);
      return true;
    });
  }

  /**
   * Sets a placed order's status and moves its cars with it, in one transaction: `cancel` makes
   * them Available (but those another open order holds), `deliverd` Sold, any other status
   * Reserved. Re-opening a cancelled order fails when another order holds one of its cars now.
   */
  async setStatus(id: string, status: OrderStatus, alongside?: Alongside<{ order: Order }>): Promise<SetStatusResult> {
    const result = await this.changes.after(this.setStatusInTransaction(id, status, alongside));
    if (result.ok && result.draftPhotos) await this.drafts.photosLetGo(result.draftPhotos);
    return result;
  }

  private setStatusInTransaction(id: string, status: OrderStatus, alongside?: Alongside<{ order: Order }>): Promise<SetStatusResult> {
    return this.db.transaction(async (tx): Promise<SetStatusResult> => {
      const [order] = await tx
        .select({ status: orders.status, buyerId: orders.buyerId, tradeInOfferId: orders.tradeInOfferId })
        .from(orders)
        .where(and(eq(orders.id, id), placed()))
        .for('update');
      if (!order) return { ok: false, reason: 'not-found' };
      const carIds = await carIdsOf(tx, id);
      const locked = await this.availability.lock(tx, carIds);
      let draftPhotos: string[] | undefined;

      if (status === 'cancel') {
        await releaseCars(tx, this.availability, carIds, id);
        await this.credits.release(tx, id);
      } else {
        const held = new Set(await heldElsewhere(tx, carIds, id));
        if (order.status === 'cancel' && held.size > 0) {
          return { ok: false, reason: 'cars-taken', cars: locked.filter((car) => held.has(car.id)).map((car) => ({ id: car.id, name: car.name })) };
        }
        const mine = carIds.filter((carId) => !held.has(carId));
        if (status === 'deliverd') await this.availability.sell(tx, mine);
        else await this.availability.reserve(tx, mine);
        // Re-opened after a cancel released its trade-in offer: the offer again, or no credit (it ended or went to another order).
        if (order.status === 'cancel' && order.tradeInOfferId) {
          const again = order.buyerId ? await this.credits.claim(tx, order.tradeInOfferId, order.buyerId, id) : undefined;
          if (!again) {
            await tx.update(orders).set({ tradeInOfferId: null, tradeInReference: null, tradeInCreditKes: null }).where(eq(orders.id, id));
            order.tradeInOfferId = null;
          }
        }
      }
      if (status === 'deliverd' && order.status !== 'deliverd') {
        // The sale's figures, fixed now (issue 46): a later cost or price change leaves its margin as it was.
        const figures = await this.availability.saleFigures(tx, carIds, new Date());
        for (const [carId, { costKes, daysInStock }] of figures) {
          await tx
            .update(orderLines)
            .set({ costKes, daysInStock })
            .where(and(eq(orderLines.orderId, id), eq(orderLines.carId, carId)));
        }
        // The car traded in with it enters the stock, as a draft for staff to list (its purchase cost the offer).
        const traded = order.tradeInOfferId ? await this.credits.tradedCar(tx, order.tradeInOfferId) : undefined;
        if (traded) await this.drafts.addTradeIn(tx, { ...traded, orderId: id });
      } else if (status !== 'deliverd' && order.status === 'deliverd') {
        // Re-opened or cancelled after delivery: no longer a sale, and its trade-in not taken in (unless already listed).
        await tx.update(orderLines).set({ costKes: null, daysInStock: null }).where(eq(orderLines.orderId, id));
        draftPhotos = await this.drafts.withdraw(tx, id);
      }
      await tx.update(orders).set({ status }).where(eq(orders.id, id));
      if (alongside && order.status !== status) await alongside(tx, { order: (await loadOrder(tx, id)) as Order });
      return { ok: true, before: order.status, draftPhotos };
    });
  }
}
