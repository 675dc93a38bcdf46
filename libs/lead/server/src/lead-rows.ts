import type { Lead, LeadEvent, LeadEventKind, LeadListFilters, LeadStatus } from '@dealership/lead-schemas';
import { carRefs } from '@dealership/car-data/published';
import { leadEvents, leads } from '@dealership/lead-data';
import type { Database, PersonalDataSubject, Transaction } from '@dealership/server-db';
import { accountContacts, staffMembers } from '@dealership/user-data/published';
import { and, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';

// What the lead domain's repositories share: a lead's columns with its car and assignee, how a row
// becomes the contract's lead, and the inbox's filters.

export const leadColumns = {
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
export function toLead({ carId, carName, carSlug, assigneeId, assigneeName, firstResponseAt, createdAt, updatedAt, ...row }: LeadRow): Lead {
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

/**
 * A person's leads: sent signed in, or signed out (no account) with their proven email, and the
 * WhatsApp conversations of their proven phone. The email is compared as the buyer typed it, in
 * any letter case; the phone as stored (+254...).
 */
export function leadsOf({ userId, verifiedEmail, verifiedPhone }: PersonalDataSubject): SQL {
  const byEmail = verifiedEmail ? and(isNull(leads.buyerId), sql`lower(${leads.email}) = ${verifiedEmail.toLowerCase()}`) : undefined;
  // A proved number: its WhatsApp conversations, whose number Meta vouches for. Not the web forms'
  // signed-out requests: their number was typed, by anyone (and numbers are given to new owners).
  const byPhone = verifiedPhone ? and(eq(leads.kind, 'whatsapp'), eq(leads.phone, verifiedPhone)) : undefined;
  return or(eq(leads.buyerId, userId), byEmail, byPhone) as SQL;
}

/** `text` as a literal ILIKE pattern: `%`, `_` and `\` lose their special meaning. */
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
export const DAY_MS = 86_400_000;

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

export const toEvent = (row: typeof leadEvents.$inferSelect): LeadEvent => ({
  id: row.id,
  kind: row.kind as LeadEventKind,
  author: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

/** Leads with the inbox's joins: the car (the catalogue's published view) and the assignee (the staff's). */
export function selectLeads(db: Database | Transaction) {
  return db.select(leadColumns).from(leads).leftJoin(carRefs, eq(carRefs.id, leads.carId)).leftJoin(staffMembers, eq(staffMembers.id, leads.assigneeId));
}

/** The inbox's filters (kind, status, assignee, age, search) as one condition. */
export function inboxFilter(filters: Omit<LeadListFilters, 'page' | 'pageSize'>, callerId: string | undefined, now: Date): SQL | undefined {
  return and(
    filters.kind ? eq(leads.kind, filters.kind) : undefined,
    filters.status ? eq(leads.status, filters.status) : undefined,
    assigneeFilter(filters.assignee, callerId),
    ageFilter(filters.age, now),
    filters.search ? searchFilter(filters.search) : undefined,
  );
}
