import { carRefs } from '@dealership/car-data/published';
import { leadEvents, leads, whatsappInbound } from '@dealership/lead-data';
import { type Database, DB, executeRows, type Transaction } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { InboundItem } from './whatsapp-payload';

/** How long a worker's claim on an inbound item holds before another may take it (it died). */
const CLAIM_SECONDS = 60;

/** A claimed item of the inbound queue. */
export type ClaimedInbound = typeof whatsappInbound.$inferSelect;

/** A car a message names, as the lead and the quick replies need it. */
export interface NamedCar {
  id: string;
  name: string;
  slug: string;
  stockNumber: string;
  price: number;
}

/** A buyer's message as its lead's timeline keeps it. */
export interface InboundEvent {
  /** Meta's id of the message (one event per id). */
  externalId: string;
  body: string;
  /** When the buyer sent it, as Meta says (never later than it was worked). */
  at: Date;
  car?: NamedCar;
  photo?: { url: string; publicId: string };
  /** Why the photo it brought could not be fetched, in the staff's words. */
  photoLost?: string;
}

/** The WhatsApp side of leads: the inbound queue, the open conversation of a number, its messages. */
@Injectable()
export class WhatsAppRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Keeps what a delivery carries; an id already kept (Meta's retry) is left as it is. */
  async keep(items: readonly InboundItem[]): Promise<void> {
    if (items.length === 0) return;
    await this.db
      .insert(whatsappInbound)
      .values(items.map((item) => ({ id: item.id, kind: item.kind, payload: item.payload as Record<string, unknown> })))
      .onConflictDoNothing();
  }

  /** Claims up to `limit` items to work, oldest first (one worker each, across instances). */
  async claim(limit: number): Promise<ClaimedInbound[]> {
    const rows = await executeRows<{ id: string }>(
      this.db,
      sql`update ${whatsappInbound} set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
          where id in (select id from ${whatsappInbound}
                        where processed_at is null and (claimed_until is null or claimed_until < now())
                        order by received_at limit ${limit} for update skip locked)
          returning id`,
    );
    if (rows.length === 0) return [];
    return this.db
      .select()
      .from(whatsappInbound)
      .where(
        inArray(
          whatsappInbound.id,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(whatsappInbound.receivedAt), asc(whatsappInbound.id));
  }

  /**
   * Marks an item worked and empties its payload (the buyer's number and words now live on the
   * lead, under its retention): the id alone stays, so a retry of Meta's is still known.
   */
  async done(id: string): Promise<void> {
    await this.db.update(whatsappInbound).set({ processedAt: new Date(), claimedUntil: null, lastError: null, payload: {} }).where(eq(whatsappInbound.id, id));
  }

  /** Forgets the ids of items worked before `before` (Meta retries for a few days at most); how many. */
  async purgeWorkedBefore(before: Date): Promise<number> {
    const gone = await this.db
      .delete(whatsappInbound)
      .where(and(isNotNull(whatsappInbound.processedAt), lt(whatsappInbound.processedAt, before)))
      .returning({ id: whatsappInbound.id });
    return gone.length;
  }

  /** Leaves the item for a later try (after `retryInSeconds`), with why. */
  async failed(id: string, error: string, retryInSeconds: number): Promise<void> {
    await this.db
      .update(whatsappInbound)
      .set({ lastError: error.slice(0, 500), claimedUntil: sql`now() + make_interval(secs => ${retryInSeconds})` })
      // Not one another instance finished meanwhile (its claim ran out while this one worked it).
      .where(and(eq(whatsappInbound.id, id), isNull(whatsappInbound.processedAt)));
  }

  /** Whether a buyer's message is already on a lead's timeline. */
  async known(externalId: string, tx: Database | Transaction = this.db): Promise<boolean> {
    const [row] = await tx.select({ id: leadEvents.id }).from(leadEvents).where(eq(leadEvents.externalId, externalId)).limit(1);
    return Boolean(row);
  }

  /** The stored photo (its public id) a worked message brought, if any: the lead's details name it by its URL. */
  async photoOfMessage(externalId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ photoUrl: leadEvents.photoUrl, details: leads.details })
      .from(leadEvents)
      .innerJoin(leads, eq(leads.id, leadEvents.leadId))
      .where(eq(leadEvents.externalId, externalId))
      .limit(1);
    const photos = (row?.details as { photos?: { url?: unknown; publicId?: unknown }[] } | null)?.photos ?? [];
    const photo = row?.photoUrl ? photos.find((candidate) => candidate.url === row.photoUrl) : undefined;
    return typeof photo?.publicId === 'string' ? photo.publicId : undefined;
  }

  /** The open WhatsApp lead of a number (New or Contacted), if any, newest first. */
  async openLead(phone: string, except?: string, tx: Database | Transaction = this.db): Promise<{ id: string; carId: string | null } | undefined> {
    const [row] = await tx
      .select({ id: leads.id, carId: leads.carId })
      .from(leads)
      .where(
        and(
          eq(leads.kind, 'whatsapp'),
          eq(leads.phone, phone),
          inArray(leads.status, ['New', 'Contacted']),
          isNull(leads.anonymisedAt),
          except ? sql`${leads.id} <> ${except}` : undefined,
        ),
      )
      .orderBy(desc(leads.createdAt))
      .limit(1);
    return row;
  }

  /**
   * A buyer's message on their lead's timeline, at the time Meta says it was sent (`at`), with the
   * photo it brought (also among the lead's photos) or, when its photo could not be fetched, a note
   * saying so; and the car it names, when the lead has none.
   */
  async appendInbound(tx: Database | Transaction, leadId: string, inbound: InboundEvent): Promise<void> {
    const { externalId, body, at, car, photo, photoLost } = inbound;
    await tx.insert(leadEvents).values({ leadId, kind: 'whatsapp-in', body, externalId, photoUrl: photo?.url ?? null, createdAt: at });
    // The system's note (no author): the photo is not on the lead, and why.
    if (photoLost) await tx.insert(leadEvents).values({ leadId, kind: 'note', body: `The buyer sent a photo on WhatsApp that could not be fetched (${photoLost}): ask them to send it again if it matters.`, createdAt: at });
    await tx
      .update(leads)
      .set({
        updatedAt: new Date(),
        ...(car ? { carId: sql`coalesce(${leads.carId}, ${car.id}::uuid)` } : {}),
        // With the lead's photos: deleted with them when the lead's personal data goes (retention, like a trade-in's).
        ...(photo
          ? { details: sql`jsonb_set(coalesce(${leads.details}, '{}'::jsonb), '{photos}', coalesce(${leads.details}->'photos', '[]'::jsonb) || ${JSON.stringify([photo])}::jsonb)` }
          : {}),
      })
      .where(eq(leads.id, leadId));
  }

  /**
   * What a reply needs to know of a lead: its kind, number and whether its personal data is gone,
   * and whether the buyer ever wrote on WhatsApp on it. Undefined when there is no such lead.
   */
  async replyTarget(leadId: string): Promise<{ kind: string; phone: string; anonymised: boolean; conversation: boolean } | undefined> {
    const [row] = await this.db
      .select({
        kind: leads.kind,
        phone: leads.phone,
        anonymised: sql<boolean>`${leads.anonymisedAt} is not null`,
        conversation: sql<boolean>`exists (select 1 from ${leadEvents} where ${leadEvents.leadId} = ${leads.id} and ${leadEvents.kind} = 'whatsapp-in')`,
      })
      .from(leads)
      .where(eq(leads.id, leadId))
      .limit(1);
    return row;
  }

  /** The car a stock number (`ST-00012`) names. */
  async carByStockNumber(stockNumber: string): Promise<NamedCar | undefined> {
    const [row] = await this.db.select().from(carRefs).where(eq(carRefs.stockNumber, stockNumber)).limit(1);
    return row;
  }

  async carBySlug(slug: string): Promise<NamedCar | undefined> {
    const [row] = await this.db.select().from(carRefs).where(eq(carRefs.slug, slug)).limit(1);
    return row;
  }

  async carById(id: string): Promise<NamedCar | undefined> {
    const [row] = await this.db.select().from(carRefs).where(eq(carRefs.id, id)).limit(1);
    return row;
  }

  /** A lead's WhatsApp messages, oldest first. */
  async conversation(leadId: string): Promise<(typeof leadEvents.$inferSelect)[]> {
    return this.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, leadId), inArray(leadEvents.kind, ['whatsapp-in', 'whatsapp-out'])))
      .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
  }

  /** A reply on the timeline (`messageId`: the outbox message carrying it); the first reply is the lead's first response. */
  async appendReply(tx: Transaction, leadId: string, messageId: string, body: string, actor: { id: string; name: string }): Promise<void> {
    await tx.insert(leadEvents).values({ leadId, kind: 'whatsapp-out', body, messageId, authorId: actor.id, authorName: actor.name });
    await tx
      .update(leads)
      .set({ firstResponseAt: sql`coalesce(${leads.firstResponseAt}, now())`, updatedAt: new Date() })
      .where(eq(leads.id, leadId));
  }

  /** Runs `work` in a transaction. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
