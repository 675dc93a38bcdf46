import type { BuyerLead, BuyerLeadRecord, LeadKind, LeadStatus } from '@dealership/lead-schemas';
import { carRefs } from '@dealership/car-data/published';
import { leadEvents, leads } from '@dealership/lead-data';
import { type Database, DB, type PersonalDataSubject, type Transaction } from '@dealership/server-db';
import { staffMembers } from '@dealership/user-data/published';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { leadsOf } from './lead-rows';

/** What an anonymised lead is called in the inbox. */
const ANONYMISED_NAME = '(removed)';
/** Leads anonymised per statement: a first run over years of leads stays in bounded memory and short locks. */
const ANONYMISE_BATCH = 500;

/** A buyer's own leads as they see and download them, and their personal fields removed when the time comes. */
@Injectable()
export class LeadPersonalDataRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Everything stored of a buyer's own requests (their data export), newest first. */
  async recordsOfBuyer(person: PersonalDataSubject): Promise<BuyerLeadRecord[]> {
    const rows = await this.db
      .select({
        id: leads.id,
        kind: leads.kind,
        name: leads.name,
        phone: leads.phone,
        email: leads.email,
        message: leads.message,
        car: carRefs.name,
        preferredDate: leads.preferredDate,
        preferredTime: leads.preferredTime,
        details: leads.details,
        status: leads.status,
        consentedAt: leads.consentedAt,
        consentText: leads.consentText,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .leftJoin(carRefs, eq(carRefs.id, leads.carId))
      .where(leadsOf(person))
      .orderBy(desc(leads.createdAt), desc(leads.id));
    const whatsapp = rows.filter((row) => row.kind === 'whatsapp').map((row) => row.id);
    const messages =
      whatsapp.length === 0
        ? []
        : await this.db
            .select({ leadId: leadEvents.leadId, kind: leadEvents.kind, body: leadEvents.body, photoUrl: leadEvents.photoUrl, at: leadEvents.createdAt })
            .from(leadEvents)
            .where(and(inArray(leadEvents.leadId, whatsapp), inArray(leadEvents.kind, ['whatsapp-in', 'whatsapp-out'])))
            .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
    return rows.map((row) => ({
      ...row,
      kind: row.kind as LeadKind,
      status: row.status as LeadStatus,
      consentedAt: row.consentedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      conversation: messages
        .filter((m) => m.leadId === row.id)
        .map((m) => ({ at: m.at.toISOString(), from: m.kind === 'whatsapp-in' ? ('buyer' as const) : ('dealer' as const), text: m.body, photoUrl: m.photoUrl })),
    }));
  }

  /**
   * Removes the personal fields of the leads `which` selects, in batches: name, phone, email,
   * message, note, the kind's details (a trade-in's photos among them) and the timeline's texts.
   * The row keeps its kind, status, car, assignee and times, so the owner's counts per week and
   * kind, response times and conversion stay right. Answers the leads done and their photos (for
   * the media domain to delete).
   */
  private async anonymise(which: SQL, db: Database | Transaction = this.db): Promise<{ count: number; photoIds: string[]; ids: string[] }> {
    const photoIds: string[] = [];
    const done: string[] = [];
    for (;;) {
      const batch = await db
        .select({ id: leads.id, details: leads.details })
        .from(leads)
        .where(and(isNull(leads.anonymisedAt), which))
        .limit(ANONYMISE_BATCH);
      if (batch.length === 0) break;
      const ids = batch.map((row) => row.id);
      for (const { details } of batch) {
        const photos = (details as { photos?: { publicId?: unknown }[] } | null)?.photos ?? [];
        for (const photo of photos) if (typeof photo?.publicId === 'string') photoIds.push(photo.publicId);
      }
      await db
        .update(leads)
        .set({ name: ANONYMISED_NAME, phone: '', email: null, message: '', note: null, details: null, buyerId: null, anonymisedAt: sql`now()` })
        .where(inArray(leads.id, ids));
      await db.update(leadEvents).set({ body: null, photoUrl: null }).where(inArray(leadEvents.leadId, ids));
      done.push(...ids);
      if (batch.length < ANONYMISE_BATCH) break;
    }
    return { count: done.length, photoIds, ids: done };
  }

  /** A buyer's own requests (they deleted their account), in the caller's transaction. */
  anonymiseOfBuyer(person: PersonalDataSubject, tx: Transaction): Promise<{ count: number; photoIds: string[]; ids: string[] }> {
    return this.anonymise(leadsOf(person), tx);
  }

  /** Leads not won whose last contact (their latest update or timeline entry) is before `unsoldBefore`; won ones, before `soldBefore`. */
  anonymiseExpired(unsoldBefore: Date, soldBefore: Date): Promise<{ count: number; photoIds: string[]; ids: string[] }> {
    const lastContact = sql`greatest(${leads.updatedAt}, coalesce((select max(e.created_at) from ${leadEvents} e where e.lead_id = ${leads.id}), ${leads.updatedAt}))`;
    return this.anonymise(
      or(
        and(sql`${leads.status} <> 'Won'`, sql`${lastContact} < ${unsoldBefore.toISOString()}`),
        and(eq(leads.status, 'Won'), sql`${lastContact} < ${soldBefore.toISOString()}`),
      ) as SQL,
    );
  }

  /** A signed-in buyer's own requests, newest first. */
  async ofBuyer(buyerId: string): Promise<BuyerLead[]> {
    const rows = await this.db
      .select({
        id: leads.id,
        kind: leads.kind,
        status: leads.status,
        carId: carRefs.id,
        carName: carRefs.name,
        carSlug: carRefs.slug,
        salesperson: staffMembers.name,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .leftJoin(carRefs, eq(carRefs.id, leads.carId))
      .leftJoin(staffMembers, eq(staffMembers.id, leads.assigneeId))
      .where(eq(leads.buyerId, buyerId))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(100);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as LeadKind,
      status: row.status as LeadStatus,
      car: row.carId && row.carName && row.carSlug ? { id: row.carId, name: row.carName, slug: row.carSlug } : null,
      salesperson: row.salesperson,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
