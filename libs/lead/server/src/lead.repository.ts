import type {
  BuyerLead,
  BuyerLeadRecord,
  Lead,
  LeadAssignee,
  LeadEvent,
  LeadEventKind,
  LeadKind,
  LeadListFilters,
  LeadPage,
  LeadReport,
  LeadStatus,
} from '@dealership/lead-schemas';
import {
  accountContacts,
  carRefs,
  DB,
  type Database,
  leadEvents,
  leads,
  pgError,
  PG_FOREIGN_KEY_VIOLATION,
  type PersonalDataSubject,
  staffMembers,
  type Transaction,
} from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';

/** What an anonymised lead is called in the inbox. */
const ANONYMISED_NAME = '(removed)';
/** Leads anonymised per statement: a first run over years of leads stays in bounded memory and short locks. */
const ANONYMISE_BATCH = 500;

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
  /** When the buyer ticked the consent box, and its words. */
  consentedAt: Date;
  consentText: string;
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

const leadColumns = {
  id: leads.id,
  kind: leads.kind,
  name: leads.name,
  phone: leads.phone,
  email: leads.email,
  // Whether an account with this email has confirmed it, through the user domain's published view (users' unique index on lower(email) serves it).
  emailVerified: sql<boolean>`exists (select 1 from ${accountContacts} where lower(${accountContacts.email}) = lower(${leads.email}) and ${accountContacts.emailVerifiedAt} is not null)`,
  message: leads.message,
  preferredDate: leads.preferredDate,
  preferredTime: leads.preferredTime,
  details: leads.details,
  status: leads.status,
  note: leads.note,
  assigneeId: leads.assigneeId,
  assigneeName: staffMembers.name,
  firstResponseAt: leads.firstResponseAt,
  followUpOn: leads.followUpOn,
  sourcePage: leads.sourcePage,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  carId: carRefs.id,
  carName: carRefs.name,
  carSlug: carRefs.slug,
};

type Joined = 'carId' | 'carName' | 'carSlug' | 'assigneeName';
type LeadRow = {
  [K in keyof typeof leadColumns]: K extends Joined
    ? string | null
    : K extends 'emailVerified'
      ? boolean
      : (typeof leads.$inferSelect)[Exclude<K, Joined | 'emailVerified'>];
};

// The kind and its details were checked by the contract's schema of that kind when stored.
function toLead({ carId, carName, carSlug, assigneeId, assigneeName, firstResponseAt, createdAt, updatedAt, ...row }: LeadRow): Lead {
  return {
    ...row,
    assignee: assigneeId ? { id: assigneeId, name: assigneeName ?? 'Former staff' } : null,
    firstResponseAt: firstResponseAt?.toISOString() ?? null,
    status: row.status as LeadStatus,
    details: row.details ?? null,
    car: carId && carName && carSlug ? { id: carId, name: carName, slug: carSlug } : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  } as Lead;
}

/** `text` as a literal ILIKE pattern: `%`, `_` and `\` lose their special meaning. */
/**
 * A person's leads: sent signed in, or signed out (no account) with their proven email. The email is
 * compared as the buyer typed it, in any letter case.
 */
function leadsOf({ userId, verifiedEmail }: PersonalDataSubject): SQL {
  const signedOut = verifiedEmail ? and(isNull(leads.buyerId), sql`lower(${leads.email}) = ${verifiedEmail.toLowerCase()}`) : undefined;
  return (signedOut ? or(eq(leads.buyerId, userId), signedOut) : eq(leads.buyerId, userId)) as SQL;
}

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Name, phone (as typed or as +254...) or the car's name holds `search`. */
function searchFilter(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  const digits = search.replace(/\D/g, '');
  // 0712 345 678 finds +254712345678: the stored numbers have no trunk zero.
  const phoneDigits = digits.startsWith('0') ? digits.slice(1) : digits;
  return or(
    sql`${leads.name} ilike ${pattern}`,
    sql`${leads.phone} ilike ${pattern}`,
    phoneDigits.length >= 3 ? sql`${leads.phone} like ${`%${phoneDigits}%`}` : undefined,
    sql`${carRefs.name} ilike ${pattern}`,
  );
}

function assigneeFilter(assignee: LeadListFilters['assignee'], callerId: string | undefined): SQL | undefined {
  if (!assignee) return undefined;
  if (assignee === 'pool') return isNull(leads.assigneeId);
  if (assignee === 'mine') return callerId ? eq(leads.assigneeId, callerId) : sql`false`;
  return eq(leads.assigneeId, assignee);
}

/** Nairobi keeps UTC+3 all year. */
const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

function ageFilter(age: LeadListFilters['age'], now: Date): SQL | undefined {
  if (!age) return undefined;
  if (age === 'today') {
    const local = now.getTime() + NAIROBI_OFFSET_MS;
    return gte(leads.createdAt, new Date(Math.floor(local / DAY_MS) * DAY_MS - NAIROBI_OFFSET_MS));
  }
  if (age === 'week') return gte(leads.createdAt, new Date(now.getTime() - 7 * DAY_MS));
  if (age === 'month') return gte(leads.createdAt, new Date(now.getTime() - 30 * DAY_MS));
  return lt(leads.createdAt, new Date(now.getTime() - 30 * DAY_MS));
}

const toEvent = (row: typeof leadEvents.$inferSelect): LeadEvent => ({
  id: row.id,
  kind: row.kind as LeadEventKind,
  author: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

/** The only code that touches the lead table. */
@Injectable()
export class LeadRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** A page of the inbox, newest first, with the number of New leads in the whole inbox. */
  async page(filters: LeadListFilters, callerId?: string, now = new Date()): Promise<LeadPage> {
    const where = and(
      filters.kind ? eq(leads.kind, filters.kind) : undefined,
      filters.status ? eq(leads.status, filters.status) : undefined,
      assigneeFilter(filters.assignee, callerId),
      ageFilter(filters.age, now),
      filters.search ? searchFilter(filters.search) : undefined,
    );
    const [rows, [{ total }], [{ newCount }]] = await Promise.all([
      this.selectLeads()
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
    const [row] = await this.selectLeads().where(eq(leads.id, id)).limit(1);
    return row && toLead(row);
  }

  /** The name and slug of a lead's car, for its messages; undefined when it is not in the catalogue. */
  async carSummary(carId: string): Promise<{ name: string; slug: string } | undefined> {
    const [row] = await this.db.select({ name: carRefs.name, slug: carRefs.slug }).from(carRefs).where(eq(carRefs.id, carId)).limit(1);
    return row;
  }

  /** Leads with the inbox's joins: the car (the catalogue's published view) and the assignee (the staff's). */
  private selectLeads(db: Database | Transaction = this.db) {
    return db.select(leadColumns).from(leads).leftJoin(carRefs, eq(carRefs.id, leads.carId)).leftJoin(staffMembers, eq(staffMembers.id, leads.assigneeId));
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
    alongside: (tx: Transaction, assignee: LeadAssigneeContact | undefined) => Promise<void>,
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
        await alongside(tx, assignee);
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

  /** Gives the lead to `assignee` (an active staff member) or back to the pool; 'no-lead' or 'no-staff' when either is missing. */
  async assign(
    id: string,
    assigneeId: string | null,
    actor: LeadActor,
    onAssigned?: (tx: Transaction, lead: Lead, assignee: LeadAssigneeContact) => Promise<void>,
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
      if (assignee && onAssigned) {
        const [row] = await this.selectLeads(tx).where(eq(leads.id, id));
        await onAssigned(tx, toLead(row), assignee);
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
    return rows.map((row) => ({
      ...row,
      kind: row.kind as LeadKind,
      status: row.status as LeadStatus,
      consentedAt: row.consentedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * Removes the personal fields of the leads `which` selects, in batches: name, phone, email,
   * message, note, the kind's details (a trade-in's photos among them) and the timeline's texts.
   * The row keeps its kind, status, car, assignee and times, so the owner's counts per week and
   * kind, response times and conversion stay right. Answers the leads done and their photos (for
   * the media domain to delete).
   */
  private async anonymise(which: SQL, db: Database | Transaction = this.db): Promise<{ count: number; photoIds: string[] }> {
    const photoIds: string[] = [];
    let total = 0;
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
      await db.update(leadEvents).set({ body: null }).where(inArray(leadEvents.leadId, ids));
      total += ids.length;
      if (batch.length < ANONYMISE_BATCH) break;
    }
    return { count: total, photoIds };
  }

  /** A buyer's own requests (they deleted their account), in the caller's transaction. */
  anonymiseOfBuyer(person: PersonalDataSubject, tx: Transaction): Promise<{ count: number; photoIds: string[] }> {
    return this.anonymise(leadsOf(person), tx);
  }

  /** Leads not won whose last contact (their latest update or timeline entry) is before `unsoldBefore`; won ones, before `soldBefore`. */
  anonymiseExpired(unsoldBefore: Date, soldBefore: Date): Promise<{ count: number; photoIds: string[] }> {
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
  async markLateAlerted(id: string, alongside: (tx: Transaction, lead: Lead) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(leads)
        .set({ lateAlertedAt: new Date() })
        .where(and(eq(leads.id, id), isNull(leads.lateAlertedAt)))
        .returning({ id: leads.id });
      if (rows.length === 0) return false;
      const [row] = await this.selectLeads(tx).where(eq(leads.id, id));
      await alongside(tx, toLead(row));
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
    alongside: (tx: Transaction, lead: Lead, assignee: LeadAssigneeContact | undefined) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(leads)
        .set({ followUpRemindedOn: today })
        .where(and(eq(leads.id, id), or(isNull(leads.followUpRemindedOn), sql`${leads.followUpRemindedOn} < ${leads.followUpOn}`)))
        .returning({ assigneeId: leads.assigneeId });
      if (rows.length === 0) return false;
      const [row] = await this.selectLeads(tx).where(eq(leads.id, id));
      const [assignee] = rows[0].assigneeId
        ? await tx
            .select({ id: staffMembers.id, name: staffMembers.name, email: staffMembers.email, phone: staffMembers.phone })
            .from(staffMembers)
            .where(eq(staffMembers.id, rows[0].assigneeId))
        : [];
      await alongside(tx, toLead(row), assignee);
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

  // The owner's reports: one query per figure, grouped in the database (cheap at 100,000 leads with the created_at index).

  /** Leads per week (the week's Monday in Nairobi) and kind, since `since`. */
  async perWeek(since: Date): Promise<LeadReport['perWeek']> {
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'Africa/Nairobi'), 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ week, kind: leads.kind, count: count() })
      .from(leads)
      .where(gte(leads.createdAt, since))
      .groupBy(week, leads.kind)
      .orderBy(week, leads.kind);
    return rows.map((row) => ({ ...row, kind: row.kind as LeadKind }));
  }

  /** Leads per week and source page since `since`; the pages of one car or brand count as one page (`/car/*`). */
  async perSource(since: Date): Promise<LeadReport['perSource']> {
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'Africa/Nairobi'), 'YYYY-MM-DD')`;
    const source = sql<string | null>`regexp_replace(${leads.sourcePage}, '^/(car|brand)/.*$', '/\\1/*')`;
    return this.db.select({ week, source, count: count() }).from(leads).where(gte(leads.createdAt, since)).groupBy(week, source).orderBy(week, source);
  }

  /** Per assignee since `since`: leads, answered, and the median and 90th percentile of minutes to the first response. */
  async responseTimes(since: Date): Promise<LeadReport['responseTimes']> {
    const minutes = sql`extract(epoch from (${leads.firstResponseAt} - ${leads.createdAt})) / 60`;
    const rows = await this.db
      .select({
        assignee: sql<string>`coalesce(${staffMembers.name}, 'Unassigned')`,
        leads: count(),
        answered: count(leads.firstResponseAt),
        medianMinutes: sql<string | null>`percentile_cont(0.5) within group (order by ${minutes})`,
        p90Minutes: sql<string | null>`percentile_cont(0.9) within group (order by ${minutes})`,
      })
      .from(leads)
      .leftJoin(staffMembers, eq(staffMembers.id, leads.assigneeId))
      .where(gte(leads.createdAt, since))
      .groupBy(staffMembers.name)
      .orderBy(staffMembers.name);
    const round = (value: string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
    return rows.map((row) => ({ ...row, medianMinutes: round(row.medianMinutes), p90Minutes: round(row.p90Minutes) }));
  }

  /** Leads and those won, per week since `since`. */
  async conversion(since: Date): Promise<LeadReport['conversion']> {
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'Africa/Nairobi'), 'YYYY-MM-DD')`;
    return this.db
      .select({ week, leads: count(), won: sql<number>`count(*) filter (where ${leads.status} = 'Won')::int` })
      .from(leads)
      .where(gte(leads.createdAt, since))
      .groupBy(week)
      .orderBy(week);
  }

  /** Every lead matching the inbox's filters, oldest first, in batches (the CSV export streams them). */
  async *exportRows(filters: Omit<LeadListFilters, 'page' | 'pageSize'>, callerId: string | undefined, batch = 1000): AsyncGenerator<Lead[]> {
    const where = and(
      filters.kind ? eq(leads.kind, filters.kind) : undefined,
      filters.status ? eq(leads.status, filters.status) : undefined,
      assigneeFilter(filters.assignee, callerId),
      ageFilter(filters.age, new Date()),
      filters.search ? searchFilter(filters.search) : undefined,
    );
    for (let offset = 0; ; offset += batch) {
      const rows = await this.selectLeads().where(where).orderBy(asc(leads.createdAt), asc(leads.id)).limit(batch).offset(offset);
      if (rows.length === 0) return;
      yield rows.map(toLead);
      if (rows.length < batch) return;
    }
  }
}
