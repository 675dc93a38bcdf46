import { type Database, DB, type Transaction } from '@dealership/server-db';
import { nairobiDate } from '@dealership/shared-util';
import { tradeInOffers } from '@dealership/trade-in-offer-data';
import type { TradeInCredit } from '@dealership/trade-in-offer-schemas';
import { tradeInVehicles } from '@dealership/lead-data/published';
import type { ImageRef } from '@dealership/media-schemas';
import { accountContacts } from '@dealership/user-data/published';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gte, isNull, type SQL } from 'drizzle-orm';
import { personIs } from './trade-in-offer.repository';

/** A traded car as the stock takes it in (`TradeInCredits.tradedCar`). */
export interface TradedCar {
  offerId: string;
  reference: string;
  amountKes: number;
  /** The offer's words for the car ("2015 Toyota Axio, 120,000 km"). */
  title: string;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number | null;
  photos: ImageRef[];
}

/**
 * Accepted trade-in offers as credit at checkout (issue 46): the one way the order domain reads and
 * uses them, each call joining the order's transaction. An offer is a buyer's when they accepted it
 * signed in, or when it was made for the email or phone their account proved (an offer is usually
 * accepted from its SMS link, without signing in); it credits one order at a time, and comes back
 * (while still valid) when that order is cancelled.
 */
@Injectable()
export class TradeInCredits {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** The buyer's offers usable at checkout today: accepted, not past their last day, on no order. */
  async available(userId: string, now = new Date()): Promise<TradeInCredit[]> {
    const mine = await this.ownedBy(this.db, userId);
    if (!mine) return [];
    return this.db
      .select({
        id: tradeInOffers.id,
        reference: tradeInOffers.reference,
        car: tradeInOffers.car,
        amountKes: tradeInOffers.amountKes,
        validUntil: tradeInOffers.validUntil,
      })
      .from(tradeInOffers)
      .where(and(mine, this.usable(now)))
      .orderBy(asc(tradeInOffers.validUntil), asc(tradeInOffers.reference));
  }

  /**
   * Credits the buyer's offer `offerId` to the order `orderId` (placed in `tx`): its reference and
   * amount, or undefined when it is not theirs, not accepted, past its last day or on another order.
   */
  async claim(
    tx: Transaction,
    offerId: string,
    userId: string,
    orderId: string,
    now = new Date(),
  ): Promise<{ reference: string; amountKes: number } | undefined> {
    const mine = await this.ownedBy(tx, userId);
    if (!mine) return undefined;
    const [claimed] = await tx
      .update(tradeInOffers)
      .set({ usedByOrderId: orderId, updatedAt: new Date() })
      .where(and(eq(tradeInOffers.id, offerId), mine, this.usable(now)))
      .returning({ reference: tradeInOffers.reference, amountKes: tradeInOffers.amountKes });
    return claimed;
  }

  /** The order `orderId` is cancelled or undone: its offer may credit another order (while still valid). */
  async release(tx: Transaction, orderId: string): Promise<void> {
    await tx.update(tradeInOffers).set({ usedByOrderId: null, updatedAt: new Date() }).where(eq(tradeInOffers.usedByOrderId, orderId));
  }

  /**
   * The car traded in with offer `offerId`, for the stock (the order it credited was delivered): the
   * offer's number, amount and words for the car, and what the buyer's request said of it and their
   * photos while the request keeps them (the lead domain's published `trade_in_vehicles`).
   */
  async tradedCar(tx: Transaction, offerId: string): Promise<TradedCar | undefined> {
    const [row] = await tx
      .select({
        offerId: tradeInOffers.id,
        reference: tradeInOffers.reference,
        amountKes: tradeInOffers.amountKes,
        title: tradeInOffers.car,
        make: tradeInVehicles.make,
        model: tradeInVehicles.model,
        year: tradeInVehicles.year,
        mileage: tradeInVehicles.mileage,
        photos: tradeInVehicles.photos,
      })
      .from(tradeInOffers)
      .leftJoin(tradeInVehicles, eq(tradeInVehicles.leadId, tradeInOffers.leadId))
      .where(eq(tradeInOffers.id, offerId))
      .limit(1);
    if (!row) return undefined;
    const photos = (row.photos ?? []).filter((photo) => typeof photo?.url === 'string' && typeof photo.publicId === 'string');
    return { ...row, photos: photos.map(({ url, publicId }) => ({ url, publicId })) };
  }

  private usable(now: Date): SQL | undefined {
    return and(eq(tradeInOffers.status, 'accepted'), gte(tradeInOffers.validUntil, nairobiDate(now)), isNull(tradeInOffers.usedByOrderId));
  }

  /** Which offers are the account's: accepted by it, or made for the email or phone it proved; undefined for no account. */
  private async ownedBy(db: Database | Transaction, userId: string): Promise<SQL | undefined> {
    const [account] = await db
      .select({ email: accountContacts.email, emailVerifiedAt: accountContacts.emailVerifiedAt, verifiedPhone: accountContacts.verifiedPhone })
      .from(accountContacts)
      .where(eq(accountContacts.id, userId))
      .limit(1);
    if (!account) return undefined;
    return personIs(account.emailVerifiedAt ? account.email : null, account.verifiedPhone, userId);
  }
}
