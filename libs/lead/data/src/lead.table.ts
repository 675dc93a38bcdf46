import { cars } from '@dealership/car-data';
import { timestamps } from '@dealership/server-db/schema';
import { users } from '@dealership/user-data';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Buyers' requests to the dealer (enquiries, test drives, trade-ins, imports, financing), worked by the staff. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** enquiry, test-drive, trade-in, import, financing (checked by the contract). */
    kind: text('kind').notNull().default('enquiry'),
    name: text('name').notNull(),
    /** +254 and nine digits. */
    phone: text('phone').notNull(),
    email: text('email'),
    message: text('message').notNull(),
    // The lead stays when its car is deleted.
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    preferredDate: date('preferred_date', { mode: 'string' }),
    /** HH:MM, Nairobi time (a test drive's slot). */
    preferredTime: text('preferred_time'),
    /** The kind's own fields (the buyer's car for a trade-in, the wanted car for an import, the terms for financing), as the contract's schema for that kind gives them. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** New, Contacted, Won, Lost. */
    status: text('status').notNull().default('New'),
    note: text('note'),
    /** The salesperson the lead belongs to; null while it is in the pool (and again when they are deactivated: migration 0029's trigger). */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The signed-in buyer who sent it (their dashboard lists it). */
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The first "Contacted", call or message logged: the lead's first response. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true, mode: 'date' }),
    /** When the owner was told the lead waits too long (once). */
    lateAlertedAt: timestamp('late_alerted_at', { withTimezone: true, mode: 'date' }),
    /** The day to call again; `followUpRemindedOn` is the day its reminder went (once). */
    followUpOn: date('follow_up_on', { mode: 'string' }),
    followUpRemindedOn: date('follow_up_reminded_on', { mode: 'string' }),
    /** The site's page the form was sent from (its path, as the browser's Referer gave it); null when the browser did not say. */
    sourcePage: text('source_page'),
    /** When the buyer agreed to be contacted about it (the form's box); null on leads from before it was asked. */
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }),
    /** The words the buyer agreed to, as the form showed them then (LEAD_CONSENT_TEXT). */
    consentText: text('consent_text'),
    /**
     * When its personal fields were removed (the retention period passed, or the buyer deleted
     * their account): the row stays, so the owner's counts of leads and response times hold.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('leads_created_at_idx').on(t.createdAt, t.id),
    // The inbox: newest first, by status and by kind.
    index('leads_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('leads_kind_created_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
    // The New badge counts from the index alone.
    index('leads_new_idx')
      .on(t.id)
      .where(sql`status = 'New'`),
    // Round-robin reads each salesperson's latest lead; "mine" lists theirs.
    index('leads_assignee_created_idx').on(t.assigneeId, t.createdAt.desc()),
    index('leads_buyer_idx').on(t.buyerId),
    // A car's leads (the most viewed cars' report).
    index('leads_car_created_idx').on(t.carId, t.createdAt),
    index('leads_follow_up_idx')
      .on(t.followUpOn)
      .where(sql`follow_up_on is not null`),
  ],
);

/** A lead's timeline: notes, status changes, calls and messages logged, reassignments, follow-ups. Appended, never changed. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** note, status, call, message, assigned, follow-up, whatsapp-in (the buyer's WhatsApp message), whatsapp-out (a reply). */
    kind: text('kind').notNull(),
    authorId: uuid('author_id'),
    /** Kept by name: the record outlives the account. */
    authorName: text('author_name'),
    body: text('body'),
    /** whatsapp-in: Meta's id of the buyer's message (the same message delivered twice is one event). */
    externalId: text('external_id'),
    /** whatsapp-out: the outbox message that carries the reply (its status is the reply's). */
    messageId: uuid('message_id'),
    /** whatsapp-in: the picture the buyer sent, stored like a buyer's lead photo (`leads/...`; also in the lead's `details.photos`). */
    photoUrl: text('photo_url'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt), uniqueIndex('lead_events_external_id_key').on(t.externalId)],
);

/**
 * What Meta's WhatsApp webhook delivered, kept before it is answered (a durable queue): each
 * message and each status once (Meta retries; the same id twice is one row), worked by whichever
 * instance claims it, retried until it is done.
 */
export const whatsappInbound = pgTable(
  'whatsapp_inbound',
  {
    /** A message's wamid, or a status's `<wamid>:<status>`. */
    id: text('id').primaryKey(),
    /** message or status. */
    kind: text('kind').notNull(),
    /** The message (with the sender's profile), or the status, as Meta sent it. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** While being worked: until when the claim holds. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('whatsapp_inbound_pending_idx')
      .on(t.receivedAt)
      .where(sql`processed_at is null`),
  ],
);
