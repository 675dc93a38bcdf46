import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (libs/server/messaging): every email and SMS the site sends, written in
 * the same transaction as the change that causes it and sent afterwards by the messaging worker of
 * whichever instance claims it first (`FOR UPDATE SKIP LOCKED`). An insert notifies 'outbox' after
 * commit (migration 0019), which wakes the workers.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** email, sms or whatsapp. */
    channel: text('channel').notNull(),
    /** An email address, or a phone number in E.164 (+254...). */
    recipient: text('recipient').notNull(),
    /** What it is about, e.g. lead.staff, lead.buyer, order.staff, order.buyer, order.status, password.reset, email.verify. */
    topic: text('topic').notNull(),
    /** The record it is about (a lead's or an order's id), for the back office's links. */
    reference: text('reference'),
    /** An email's subject; null for SMS. */
    subject: text('subject'),
    /** The plain-text body (the SMS itself). */
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /**
     * Carries a secret (a password-reset or verification link): its bodies are blanked once sent
     * or given up, and the back office never shows them.
     */
    sensitive: boolean('sensitive').notNull().default(false),
    /**
     * An email's one-click unsubscribe address (RFC 8058: its `List-Unsubscribe` header, which a mail
     * provider posts to); null for a message one cannot unsubscribe from (a receipt, a sign-in link).
     */
    unsubscribeUrl: text('unsubscribe_url'),
    /** pending, sending, sent, failed, unconfigured (the channel was not configured when it was written). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending message may next be tried. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** After this, a failed attempt is the last: the message is given up on (a day after it was written, or resent). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    /** While sending: until when the claim holds; past it another worker may take the message (its sender died). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    /** The last failure, as the channel reported it (never a credential). */
    lastError: text('last_error'),
    /** The provider's id for the sent message (SMTP message id, Africa's Talking messageId, WhatsApp's wamid). */
    providerId: text('provider_id'),
    /** WhatsApp: an approved template sent in place of the text (`{name, language, parameters}`), outside the 24-hour window. */
    template: jsonb('template').$type<{ name: string; language: string; parameters: string[] }>(),
    /**
     * WhatsApp: a text sent by WhatsApp in place of its SMS (the recipient chose WhatsApp only): if
     * WhatsApp cannot take it, it goes by SMS at once instead of being retried; if Meta takes it and
     * later reports it failed, it goes by SMS then (once: `MessageRepository.whatsappStatus`).
     */
    smsFallback: boolean('sms_fallback').notNull().default(false),
    /** WhatsApp: what the phone reported after `sent` (delivered, read), from Meta's status callbacks. */
    deliveryStatus: text('delivery_status'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // The worker's queue: what is due, oldest first.
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('outbox_messages_claimed_idx')
      .on(t.claimedUntil)
      .where(sql`status = 'sending'`),
    // The back office's Messages page, newest first, and a record's messages.
    index('outbox_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('outbox_messages_reference_idx').on(t.reference),
    // The messages to one address lately (`TYPED_ADDRESS_CAP`), and an account's messages when it is deleted.
    index('outbox_messages_recipient_idx').on(sql`lower(${t.recipient})`, t.createdAt),
    // WhatsApp's status callbacks name the message by its wamid.
    index('outbox_messages_provider_idx')
      .on(t.providerId)
      .where(sql`channel = 'whatsapp'`),
  ],
);

/**
 * Numbers that wrote STOP on WhatsApp: no WhatsApp message goes to them (kept as "opted-out" in
 * the outbox) until they write START.
 */
export const whatsappOptOuts = pgTable('whatsapp_opt_outs', {
  /** E.164, as the outbox's recipients (+2547...). */
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
