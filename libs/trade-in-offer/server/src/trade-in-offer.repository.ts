import { DB, type Database, type Transaction } from '@dealership/server-db';
import { tradeInOffers } from '@dealership/trade-in-offer-data';
import type { TradeInOfferCreateFields, TradeInOfferStatus } from '@dealership/trade-in-offer-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';

export type OfferRow = typeof tradeInOffers.$inferSelect;

/** The only code that touches the offers' table. */
@Injectable()
export class TradeInOfferRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insert(tx: Transaction, fields: TradeInOfferCreateFields & { validUntil: string; createdBy: string }): Promise<OfferRow> {
    const [row] = await tx
      .insert(tradeInOffers)
      .values({
        leadId: fields.leadId ?? null,
        buyerName: fields.buyerName,
        buyerPhone: fields.buyerPhone,
        buyerEmail: fields.buyerEmail ?? null,
        car: fields.car,
        amountKes: fields.amountKes,
        conditions: fields.conditions ?? null,
        validUntil: fields.validUntil,
        createdBy: fields.createdBy,
      })
      .returning();
    return row;
  }

  async byId(id: string): Promise<OfferRow | undefined> {
    const [row] = await this.db.select().from(tradeInOffers).where(eq(tradeInOffers.id, id)).limit(1);
    return row;
  }

  /** A lead's offers, newest first. */
  async forLead(leadId: string): Promise<OfferRow[]> {
    return this.db.select().from(tradeInOffers).where(eq(tradeInOffers.leadId, leadId)).orderBy(desc(tradeInOffers.createdAt));
  }

  /**
   * The buyer's answer, only while the offer waits for one and its last day (`today`, Nairobi) has
   * not passed; the row after, or undefined when it could not be answered.
   */
  async answer(tx: Transaction, id: string, status: Extract<TradeInOfferStatus, 'accepted' | 'declined'>, today: string, acceptedByUserId?: string): Promise<OfferRow | undefined> {
    const [row] = await tx
      .update(tradeInOffers)
      .set({ status, answeredAt: new Date(), updatedAt: new Date(), acceptedByUserId: acceptedByUserId ?? null })
      .where(and(eq(tradeInOffers.id, id), eq(tradeInOffers.status, 'sent'), gte(tradeInOffers.validUntil, today)))
      .returning();
    return row;
  }

  /** Offers still waiting whose last day was before `today`: expired. Their rows. */
  async expire(today: string): Promise<OfferRow[]> {
    return this.db
      .update(tradeInOffers)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(and(eq(tradeInOffers.status, 'sent'), lt(tradeInOffers.validUntil, today)))
      .returning();
  }

  /**
   * Claims the waiting offers that end within the reminder's days (on or before `lastDay`, not yet
   * past) and were not reminded: each is claimed once, in `tx`, whichever instance runs the job.
   */
  async claimReminders(tx: Transaction, today: string, lastDay: string): Promise<OfferRow[]> {
    return tx
      .update(tradeInOffers)
      .set({ remindedAt: new Date() })
      .where(and(eq(tradeInOffers.status, 'sent'), isNull(tradeInOffers.remindedAt), gte(tradeInOffers.validUntil, today), lte(tradeInOffers.validUntil, lastDay)))
      .returning();
  }

  /** A person's offers (accepted by their account, or for its proven email or phone): their data export. */
  async ofPerson(email: string | null, phone: string | null, userId?: string): Promise<OfferRow[]> {
    const theirs = personIs(email, phone, userId);
    if (!theirs) return [];
    return this.db.select().from(tradeInOffers).where(theirs).orderBy(desc(tradeInOffers.createdAt));
  }

  /** Takes the buyer's personal fields off offers (a person's, or those last changed before a date). Their ids. */
  async anonymise(tx: Transaction, where: { email: string | null; phone: string | null; userId?: string } | { lastChangeBefore: Date }): Promise<string[]> {
    const condition = 'lastChangeBefore' in where ? lt(tradeInOffers.updatedAt, where.lastChangeBefore) : personIs(where.email, where.phone, where.userId);
    if (!condition) return [];
    const rows = await tx
      .update(tradeInOffers)
      .set({ buyerName: 'Deleted buyer', buyerPhone: '', buyerEmail: null, acceptedByUserId: null })
      .where(and(condition, sql`${tradeInOffers.buyerName} <> 'Deleted buyer'`))
      .returning({ id: tradeInOffers.id });
    return rows.map((row) => row.id);
  }
}

/** A person's offers: accepted by their account, or made for the email or phone it proved; undefined when nothing can name them. */
export function personIs(email: string | null, phone: string | null, userId?: string) {
  if (!email && !phone && !userId) return undefined;
  return or(
    email ? eq(tradeInOffers.buyerEmail, email.toLowerCase()) : undefined,
    phone ? eq(tradeInOffers.buyerPhone, phone) : undefined,
    userId ? eq(tradeInOffers.acceptedByUserId, userId) : undefined,
  );
}
