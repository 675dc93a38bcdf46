import type {
  Lead,
  LeadAssignee,
  LeadEvent,
  LeadEventKind,
  LeadKind,
  LeadListFilters,
  LeadPage,
  LeadStatus,
} from '@dealership/lead-schemas';
import { carRefs } from '@dealership/car-data/published';
import { leadEvents, leads } from '@dealership/lead-data';
import { type Alongside, type Database, DB, PG_FOREIGN_KEY_VIOLATION, pgError, type Transaction } from '@dealership/server-db';
import { staffMembers } from '@dealership/user-data/published';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { DAY_MS, inboxFilter, selectLeads, toEvent, toLead } from './lead-rows';

/** A new lead's columns as the service sets them. */
export interface LeadColumns {
  id: string;
  kind: LeadKind;
  name: string;
  phone: string;
  email: string | null;
  message: string;
  carId: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  details: Record<string, unknown> | null;
  /** The signed-in buyer who sent it. */
  buyerId: string | null;
  /** The site's page it was sent from. */
  sourcePage: string | null;
  /** When the buyer ticked the consent box, and its words; null for a WhatsApp lead (the buyer wrote to us: no form, no box). */
  consentedAt: Date | null;
  consentText: string | null;
}

/** Who did something to a lead (kept by name in its timeline). */
export interface LeadActor {
  id: string;
  name: string;
}

/** A salesperson a lead goes to, with what their messages need. */
export interface LeadAssigneeContact {
  id: string;
  name: string;
  email: string;
  phone: string;
}

/** The inbox: leads stored, assigned, worked and followed up. */
@Injectable()
export class LeadRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of the inbox, newest first, with the number of New leads in the whole inbox. */
  async page(filters: LeadListFilters, callerId?: string, now = new Date()): Promise<LeadPage> {
    const where = inboxFilter(filters, callerId, now);
    const [rows, [{ total }], [{ newCount }]] = await Promise.all([
      selectLeads(this.db)
        .where(where)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(leads).leftJoin(carRefs, eq(carRefs.id, leads.carId)).where(where),
      this.db.select({ newCount: count() }).from(leads).where(eq(leads.status, 'New')),
    ]);
    return { items: rows.map(toLead), total, newCount, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  async byId(id: string): Promise<Lead | undefined> {
    const [row] = await selectLeads(this.db).where(eq(leads.id, id)).limit(1);
    return row && toLead(row);
  }

  /** The name and slug of a lead's car, for its messages; undefined when it is not in the catalogue. */
  async carSummary(carId: string): Promise<{ name: string; slug: string } | undefined> {
    const [row] = await this.db.select({ name: carRefs.name, slug: carRefs.slug }).from(carRefs).where(eq(carRefs.id, carId)).limit(1);
    return row;
  }

  /**
   * Stores a lead and, in the same transaction, gives it to the next salesperson (round-robin:
   * the active, not-away salesperson whose latest lead is the oldest, or who has none) and runs
   * `alongside` (its messages) with them: all or nothing. Leads are assigned one at a time (a lock
   * for the transaction), so two at once never go to the same person by a race. No salesperson:
   * the lead stays in the pool. 'car-not-found' when its car is not in the catalogue.
   */
  async insert(
    columns: LeadColumns,
    alongside: Alongside<{ assignee: LeadAssigneeContact | undefined }>,
  ): Promise<{ id: string } | 'car-not-found'> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lead-assignment'))`);
        const [assignee] = await tx
          .select({ id: staffMembers.id, name: staffMembers.name, email: staffMembers.email, phone: staffMembers.phone })
          .from(staffMembers)
          .where(and(eq(staffMembers.active, true), eq(staffMembers.away, false), eq(staffMembers.staffRole, 'sales')))
          .orderBy(sql`(select max(l.created_at) from ${leads} l where l.assignee_id = ${staffMembers.id}) asc nulls first`, asc(staffMembers.id))
          .limit(1);
        const [row] = await tx
          .insert(leads)
          .values({ ...columns, assigneeId: assignee?.id ?? null })
          .returning({ id: leads.id });
        if (assignee) await tx.insert(leadEvents).values({ leadId: row.id, kind: 'assigned', body: assignee.name });
        await alongside(tx, { assignee });
        return row;
      });
    } catch (error) {
      if (pgError(error).code === PG_FOREIGN_KEY_VIOLATION) return 'car-not-found';
      throw error;
    }
  }

  /**
   * Moves a lead to `status`, appending the change (and the note, when given) to its timeline; a
   * first move away from New is its first response. False when there is no such lead.
   */
  async setStatus(id: string, status: LeadStatus, note: string | null | undefined, actor: LeadActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(leads)
        .set({
          status,
          ...(note ? { note } : {}),
          firstResponseAt: status === 'New' ? undefined : sql`coalesce(${leads.firstResponseAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(leads.id, id))
        .returning({ id: leads.id });
      if (rows.length === 0) return false;
      await this.event(tx, id, 'status', actor, status);
      if (note) await this.event(tx, id, 'note', actor, note);
      return true;
    });
  }

  /** Appends a note; undefined when there is no such lead. */
  async addNote(id: string, body: string, actor: LeadActor): Promise<LeadEvent | undefined> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.update(leads).set({ note: body, updatedAt: new Date() }).where(eq(leads.id, id)).returning({ id: leads.id });
      return rows.length > 0 ? this.event(tx, id, 'note', actor, body) : undefined;
    });
  }

  /** A call or message to the buyer, logged (the first is the lead's first response); false when there is no such lead. */
  async logContact(id: string, channel: 'call' | 'message', body: string | null, actor: LeadActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(leads)
        .set({ firstResponseAt: sql`coalesce(${leads.firstResponseAt}, now())`, updatedAt: new Date() })
        .where(eq(leads.id, id))
        .returning({ id: leads.id });
      if (rows.length === 0) return false;
      await this.event(tx, id, channel, actor, body);
      return true;
    });
  }

  /**
   * Gives the lead to `assignee` (an active staff member) or back to the pool, running `alongside`
   * when it went to someone; 'no-lead' or 'no-staff' when either is missing.
   */
  async assign(
    id: string,
    assigneeId: string | null,
    actor: LeadActor,
    alongside?: Alongside<{ lead: Lead; assignee: LeadAssigneeContact }>,
  ): Promise<LeadAssigneeContact | null | 'no-lead' | 'no-staff'> {
    return this.db.transaction(async (tx) => {
      const [assignee] = assigneeId
        ? await tx
            .select({ id: staffMembers.id, name: staffMembers.name, email: staffMembers.email, phone: staffMembers.phone })
            .from(staffMembers)
            .where(and(eq(staffMembers.id, assigneeId), eq(staffMembers.active, true)))
        : [];
      if (assigneeId && !assignee) return 'no-staff';
      const rows = await tx.update(leads).set({ assigneeId, updatedAt: new Date() }).where(eq(leads.id, id)).returning({ id: leads.id });
      if (rows.length === 0) return 'no-lead';
      await this.event(tx, id, 'assigned', actor, assignee?.name ?? 'the pool');
      if (assignee && alongside) {
        const [row] = await selectLeads(tx).where(eq(leads.id, id));
        await alongside(tx, { lead: toLead(row), assignee });
      }
      return assignee ?? null;
    });
  }

  /** Sets (or clears) the day to call again; its reminder goes that morning. False when there is no such lead. */
  async setFollowUp(id: string, on: string | null, actor: LeadActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(leads)
        .set({ followUpOn: on, followUpRemindedOn: null, updatedAt: new Date() })
        .where(eq(leads.id, id))
        .returning({ id: leads.id });
      if (rows.length === 0) return false;
      await this.event(tx, id, 'follow-up', actor, on);
      return true;
    });
  }

  /** A lead's timeline, oldest first. */
  async timeline(id: string): Promise<LeadEvent[]> {
    const rows = await this.db.select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
    return rows.map(toEvent);
  }

  /** Who leads can be given to: the active staff, salespeople first. */
  async assignees(): Promise<LeadAssignee[]> {
    return this.db
      .select({ id: staffMembers.id, name: staffMembers.name, away: staffMembers.away })
      .from(staffMembers)
      .where(eq(staffMembers.active, true))
      .orderBy(sql`${staffMembers.staffRole} = 'owner'`, asc(staffMembers.name));
  }

  /** New leads with no response and no late alert yet, created before `before` (the job then counts their opening minutes). */
  async unansweredSince(before: Date, limit = 100): Promise<{ id: string; createdAt: Date }[]> {
    return this.db
      .select({ id: leads.id, createdAt: leads.createdAt })
      .from(leads)
      .where(
        and(
          eq(leads.status, 'New'),
          isNull(leads.firstResponseAt),
          isNull(leads.lateAlertedAt),
          lt(leads.createdAt, before),
          gte(leads.createdAt, new Date(before.getTime() - 14 * DAY_MS)),
        ),
      )
      .orderBy(asc(leads.createdAt))
      .limit(limit);
  }

  /** Marks the lead's late alert sent (once) and runs `alongside` in the same transaction; false when it was already. */
  async markLateAlerted(id: string, alongside: Alongside<{ lead: Lead }>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(leads)
        .set({ lateAlertedAt: new Date() })
        .where(and(eq(leads.id, id), isNull(leads.lateAlertedAt)))
        .returning({ id: leads.id });
      if (rows.length === 0) return false;
      const [row] = await selectLeads(tx).where(eq(leads.id, id));
      await alongside(tx, { lead: toLead(row) });
      return true;
    });
  }

  /** Leads to follow up on `today` (or earlier, missed) whose assignee has not been reminded today. */
  async followUpsDue(today: string, limit = 100): Promise<string[]> {
    const rows = await this.db
      .select({ id: leads.id })
      .from(leads)
      .where(
        and(
          sql`${leads.followUpOn} <= ${today}`,
          or(isNull(leads.followUpRemindedOn), sql`${leads.followUpRemindedOn} < ${leads.followUpOn}`),
          sql`${leads.status} in ('New', 'Contacted')`,
        ),
      )
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Marks a follow-up reminded today and runs `alongside` with the lead and its assignee; false when done already. */
  async markFollowUpReminded(
    id: string,
    today: string,
    alongside: Alongside<{ lead: Lead; assignee: LeadAssigneeContact | undefined }>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(leads)
        .set({ followUpRemindedOn: today })
        .where(and(eq(leads.id, id), or(isNull(leads.followUpRemindedOn), sql`${leads.followUpRemindedOn} < ${leads.followUpOn}`)))
        .returning({ assigneeId: leads.assigneeId });
      if (rows.length === 0) return false;
      const [row] = await selectLeads(tx).where(eq(leads.id, id));
      const [assignee] = rows[0].assigneeId
        ? await tx
            .select({ id: staffMembers.id, name: staffMembers.name, email: staffMembers.email, phone: staffMembers.phone })
            .from(staffMembers)
            .where(eq(staffMembers.id, rows[0].assigneeId))
        : [];
      await alongside(tx, { lead: toLead(row), assignee });
      return true;
    });
  }

  private async event(tx: Transaction, leadId: string, kind: LeadEventKind, actor: LeadActor | null, body: string | null): Promise<LeadEvent> {
    const [row] = await tx
      .insert(leadEvents)
      // The wall clock, not the transaction's start: a status change and its note keep their order.
      .values({ leadId, kind, authorId: actor?.id ?? null, authorName: actor?.name ?? null, body, createdAt: sql`clock_timestamp()` })
      .returning();
    return toEvent(row);
  }

  /** Every lead matching the inbox's filters, oldest first, in batches (the CSV export streams them). */
  async *exportRows(filters: Omit<LeadListFilters, 'page' | 'pageSize'>, callerId: string | undefined, batch = 1000): AsyncGenerator<Lead[]> {
    const where = inboxFilter(filters, callerId, new Date());
    for (let offset = 0; ; offset += batch) {
      const rows = await selectLeads(this.db).where(where).orderBy(asc(leads.createdAt), asc(leads.id)).limit(batch).offset(offset);
      if (rows.length === 0) return;
      yield rows.map(toLead);
      if (rows.length < batch) return;
    }
  }
}
