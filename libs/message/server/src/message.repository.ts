import type { Message, MessageChannel, MessageListFilters, MessagePage, MessageStatus, MessageTopic } from '@dealership/message-schemas';
import { outboxMessages, whatsappOptOuts } from '@dealership/message-data';
import { type Database, DB, type Transaction } from '@dealership/server-db';
import { accountContacts, staffMembers } from '@dealership/user-data/published';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { and, count, desc, eq, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import { TYPED_ADDRESS_CAP } from './message-safety';

/** A message to write to the outbox. */
export interface OutgoingMessage {
  /** Its id, when the caller must refer to it (a WhatsApp reply on a lead's conversation); otherwise one is made. */
  id?: string;
  channel: MessageChannel;
  /** An email address, or a phone number in E.164. */
  to: string;
  topic: MessageTopic;
  /** The lead's or order's id it is about. */
  reference?: string;
  /** Email only. */
  subject?: string;
  text: string;
  /** Email only. */
  html?: string;
  /** Carries a secret (a sign-in or reset link): blanked once sent, never shown to staff. */
  sensitive?: boolean;
  /** Email only: the one-click unsubscribe address its `List-Unsubscribe` header gives (RFC 8058). */
  unsubscribeUrl?: string;
  /** WhatsApp only: an approved template sent in place of `text` (which says what it reads). */
  template?: { name: string; language: string; parameters: string[] };
  /** WhatsApp only: sent in place of an SMS, which goes instead if WhatsApp cannot take it. */
  smsFallback?: { text: string };
}

/** A claimed message, as the worker sends it. */
export type ClaimedMessage = typeof outboxMessages.$inferSelect;

/** What a sensitive message's body becomes once it has gone out (or been given up on). */
const REMOVED_BODY = '[removed: it carried a single-use link or code]';

type MessageRow = typeof outboxMessages.$inferSelect;

function summaryOf(row: Pick<MessageRow, 'subject' | 'bodyText' | 'sensitive'>): string {
  if (row.subject) return row.subject;
  if (row.sensitive) return '(a single-use link or code)';
  const firstLine = row.bodyText.split('\n', 1)[0];
  return firstLine.length > 120 ? `${firstLine.slice(0, 119)}…` : firstLine;
}

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    channel: row.channel as MessageChannel,
    recipient: row.recipient,
    topic: row.topic as MessageTopic,
    reference: row.reference,
    summary: summaryOf(row),
    status: row.status as MessageStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** The only code that touches the outbox table. */
@Injectable()
export class MessageRepository {
  private readonly logger = new Logger('Outbox');

  constructor(@Inject(DB) private readonly db: Database) {}

  /** Messages done with (sent, failed, unconfigured, withheld) to any of `recipients` (an account being deleted), in the caller's transaction; how many went. */
  async purgeTo(db: Database | Transaction, recipients: readonly string[]): Promise<number> {
    const gone = await db
      .delete(outboxMessages)
      .where(and(inArray(sql`lower(${outboxMessages.recipient})`, recipients.map((recipient) => recipient.toLowerCase())), sql`${outboxMessages.status} not in ('pending', 'sending')`))
      .returning({ id: outboxMessages.id });
    return gone.length;
  }

  /** The outbox's backlog for the metrics: messages waiting (and the oldest one's age in seconds) and failed. */
  async backlog(): Promise<{ pending: number; oldestPendingSeconds: number; failed: number }> {
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where ${outboxMessages.status} in ('pending', 'sending'))`.mapWith(Number),
        oldest: sql<number>`coalesce(extract(epoch from now() - min(${outboxMessages.createdAt}) filter (where ${outboxMessages.status} in ('pending', 'sending'))), 0)`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${outboxMessages.status} = 'failed')`.mapWith(Number),
      })
      .from(outboxMessages);
    return { pending: row?.pending ?? 0, oldestPendingSeconds: row?.oldest ?? 0, failed: row?.failed ?? 0 };
  }

  /** Messages about any of `references` (the staff's alerts about a lead or order whose person is forgotten), but one being sent; how many went. */
  async purgeAbout(db: Database | Transaction, references: readonly string[]): Promise<number> {
    if (references.length === 0) return 0;
    const gone = await db
      .delete(outboxMessages)
      .where(and(inArray(outboxMessages.reference, [...references]), ne(outboxMessages.status, 'sending')))
      .returning({ id: outboxMessages.id });
    return gone.length;
  }

  /** Messages written before `cutoff` that are done with (sent, failed, unconfigured, withheld): the privacy policy's period for them ended. How many went. */
  async purgeBefore(cutoff: Date): Promise<number> {
    const gone = await this.db
      .delete(outboxMessages)
      .where(and(lt(outboxMessages.createdAt, cutoff), sql`${outboxMessages.status} not in ('pending', 'sending')`))
      .returning({ id: outboxMessages.id });
    return gone.length;
  }

  /** Writes messages in the caller's transaction (or on its own): they go out only if it commits. */
  async insert(db: Database | Transaction, messages: readonly OutgoingMessage[], unconfigured: ReadonlySet<MessageChannel>): Promise<void> {
    if (messages.length === 0) return;
    const withheld = new Set<OutgoingMessage>();
    for (const message of messages) if (TYPED_ADDRESS_CAP.topics.includes(message.topic) && (await this.overTypedAddressCap(db, message.to))) withheld.add(message);
    const whatsappTo = [...new Set(messages.filter((m) => m.channel === 'whatsapp').map((m) => m.to))];
    const optedOut = new Set(
      whatsappTo.length > 0
        ? (await db.select({ phone: whatsappOptOuts.phone }).from(whatsappOptOuts).where(inArray(whatsappOptOuts.phone, whatsappTo))).map((row) => row.phone)
        : [],
    );
    await db.insert(outboxMessages).values(
      messages.map((m) => ({
        ...(m.id ? { id: m.id } : {}),
        channel: m.channel,
        recipient: m.to,
        topic: m.topic,
        reference: m.reference ?? null,
        subject: m.subject ?? null,
        bodyText: m.text,
        bodyHtml: m.html ?? null,
        sensitive: m.sensitive ?? false,
        unsubscribeUrl: m.channel === 'email' ? (m.unsubscribeUrl ?? null) : null,
        template: m.channel === 'whatsapp' ? (m.template ?? null) : null,
        smsFallback: m.channel === 'whatsapp' && m.smsFallback !== undefined,
        status: withheld.has(m)
          ? 'withheld'
          : m.channel === 'whatsapp' && optedOut.has(m.to)
            ? 'opted-out'
            : unconfigured.has(m.channel)
              ? 'unconfigured'
              : 'pending',
      })),
    );
  }

  /**
   * Whether `to` has had its `TYPED_ADDRESS_CAP` of messages this hour or today. The address is
   * locked for the caller's transaction first, so two requests at once cannot both take the last.
   */
  private async overTypedAddressCap(db: Database | Transaction, to: string): Promise<boolean> {
    const recipient = to.toLowerCase();
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`outbox-recipient:${recipient}`}))`);
    const [{ hour, day }] = await db
      .select({
        hour: sql<number>`count(*) filter (where ${outboxMessages.createdAt} > now() - interval '1 hour')`.mapWith(Number),
        day: count(),
      })
      .from(outboxMessages)
      .where(
        and(
          sql`lower(${outboxMessages.recipient}) = ${recipient}`,
          inArray(outboxMessages.topic, [...TYPED_ADDRESS_CAP.topics]),
          ne(outboxMessages.status, 'withheld'),
          sql`${outboxMessages.createdAt} > now() - interval '1 day'`,
        ),
      );
    const over = hour >= TYPED_ADDRESS_CAP.perHour || day >= TYPED_ADDRESS_CAP.perDay;
    if (over) this.logger.warn(`a message to an address someone typed was withheld: its cap of ${TYPED_ADDRESS_CAP.perHour} an hour and ${TYPED_ADDRESS_CAP.perDay} a day is reached`);
    return over;
  }

  /**
   * Takes up to `limit` due messages for this worker: waiting ones whose time has come, and ones
   * whose sender's claim ran out (it died mid-send). Rows another worker is claiming at this very
   * moment are skipped, not waited for, so each message is claimed by one worker.
   */
  async claim(limit: number, claimMs: number): Promise<ClaimedMessage[]> {
    const due = this.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        or(
          and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`)),
          and(eq(outboxMessages.status, 'sending'), lt(outboxMessages.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(outboxMessages.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(outboxMessages)
      .set({
        status: 'sending',
        attempts: sql`${outboxMessages.attempts} + 1`,
        claimedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval`,
      })
      .where(inArray(outboxMessages.id, due))
      .returning();
  }

  /** When the next waiting message falls due (null: none waiting). */
  async nextDue(): Promise<Date | null> {
    // A message whose sender died mid-send is due again when its claim runs out: without it, a
    // server restarted within the claim slept until its longest sleep before sending it.
    const [row] = await this.db
      .select({
        next: sql<Date | null>`min(case when ${outboxMessages.status} = 'pending' then ${outboxMessages.nextAttemptAt} else ${outboxMessages.claimedUntil} end)`.mapWith(
          outboxMessages.nextAttemptAt,
        ),
      })
      .from(outboxMessages)
      .where(or(eq(outboxMessages.status, 'pending'), eq(outboxMessages.status, 'sending')));
    return row?.next ?? null;
  }

  async markSent(id: string, providerId: string | null): Promise<void> {
    await this.db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        providerId,
        claimedUntil: null,
        lastError: null,
        bodyText: sql`case when ${outboxMessages.sensitive} then ${REMOVED_BODY} else ${outboxMessages.bodyText} end`,
        bodyHtml: sql`case when ${outboxMessages.sensitive} then null else ${outboxMessages.bodyHtml} end`,
      })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')));
  }

  /** A failed attempt: tried again at `retryAt`, or given up on (`retryAt` null). */
  async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    await this.db
      .update(outboxMessages)
      .set(
        retryAt
          ? { status: 'pending', nextAttemptAt: retryAt, claimedUntil: null, lastError: error }
          : {
              status: 'failed',
              claimedUntil: null,
              lastError: error,
              bodyText: sql`case when ${outboxMessages.sensitive} then ${REMOVED_BODY} else ${outboxMessages.bodyText} end`,
              bodyHtml: sql`case when ${outboxMessages.sensitive} then null else ${outboxMessages.bodyHtml} end`,
            },
      )
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')));
  }

  /**
   * A WhatsApp text sent in place of an SMS that WhatsApp did not take (the number is not on
   * WhatsApp, the template is paused, Meta is down): given up on, and its SMS written in the same
   * transaction. False when it was no longer ours.
   */
  async failOverToSms(message: ClaimedMessage, error: string, unconfigured: ReadonlySet<MessageChannel>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(outboxMessages)
        .set({ status: 'failed', claimedUntil: null, lastError: `${error}; sent by SMS instead` })
        .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, 'sending')))
        .returning({ id: outboxMessages.id });
      if (!failed) return false;
      await this.insertSmsInstead(tx, message, unconfigured);
      return true;
    });
  }

  /** The SMS a WhatsApp message sent in its place stood for (the template's one parameter is the SMS's wording), written in `tx`. */
  private insertSmsInstead(
    tx: Transaction,
    message: Pick<MessageRow, 'recipient' | 'topic' | 'reference' | 'template' | 'bodyText'>,
    unconfigured: ReadonlySet<MessageChannel>,
  ): Promise<void> {
    const text = message.template?.parameters[0] ?? message.bodyText;
    return this.insert(tx, [{ channel: 'sms', to: message.recipient, topic: message.topic as MessageTopic, reference: message.reference ?? undefined, text }], unconfigured);
  }

  /** The channel is not configured (any more): kept unsent. */
  async markUnconfigured(id: string): Promise<void> {
    await this.db
      .update(outboxMessages)
      .set({ status: 'unconfigured', claimedUntil: null })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')));
  }

  /**
   * Puts a failed or unsent message back in the queue, due now, with a fresh day of retries
   * (counted from now). 'not-found', 'blanked' (a sensitive one whose link is gone), or its status
   * when it cannot be resent.
   */
  async requeue(id: string): Promise<Message | 'not-found' | 'blanked' | MessageStatus> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for('update').limit(1);
      if (!row) return 'not-found';
      if (row.status !== 'failed' && row.status !== 'unconfigured' && row.status !== 'withheld') return row.status as MessageStatus;
      if (row.sensitive && row.status === 'failed') return 'blanked';
      const [updated] = await tx
        .update(outboxMessages)
        .set({ status: 'pending', nextAttemptAt: sql`now()`, giveUpAt: sql`now() + interval '24 hours'`, attempts: 0, lastError: null })
        .where(eq(outboxMessages.id, id))
        .returning();
      // Wakes the workers after commit, as an insert does (migration 0019).
      await tx.execute(sql`select pg_notify('outbox', '')`);
      return toMessage(updated);
    });
  }

  /** A page of messages, newest first, with the number given up on in the whole outbox. */
  async page(filters: MessageListFilters): Promise<MessagePage> {
    const where = and(
      filters.status ? eq(outboxMessages.status, filters.status) : undefined,
      filters.channel ? eq(outboxMessages.channel, filters.channel) : undefined,
    );
    const [rows, [{ total }], [{ failedCount }]] = await Promise.all([
      this.db
        .select()
        .from(outboxMessages)
        .where(where)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ total: count() }).from(outboxMessages).where(where),
      this.db.select({ failedCount: count() }).from(outboxMessages).where(eq(outboxMessages.status, 'failed')),
    ]);
    return { items: rows.map(toMessage), total, failedCount, page: filters.page, pageSize: filters.pageSize, pageCount: Math.ceil(total / filters.pageSize) };
  }

  /** The messages written about a record (a lead or an order), oldest first. */
  async forReference(reference: string): Promise<Message[]> {
    const rows = await this.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.reference, reference))
      .orderBy(outboxMessages.createdAt, outboxMessages.id);
    return rows.map(toMessage);
  }

  /**
   * A WhatsApp status callback for the message Meta knows as `providerId`: delivered or read (never
   * back from read to delivered: callbacks may arrive out of order), or failed with Meta's reason.
   * A failed message sent in place of an SMS (`sms_fallback`: Meta took it, then could not deliver
   * it, e.g. 131026 not on WhatsApp) has its SMS written in the same transaction. Only a message
   * still `sent` fails, so Meta's repeated callback, or two instances working it at once (the
   * second waits on the row and then finds it failed), writes one SMS; a message staff sent again
   * since (back in the queue under its old id) is left alone. False when no message of ours has
   * that id (yet: the worker records it once Meta has answered).
   */
  async whatsappStatus(
    providerId: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error: string | undefined,
    unconfigured: ReadonlySet<MessageChannel>,
  ): Promise<boolean> {
    const mine = and(eq(outboxMessages.channel, 'whatsapp'), eq(outboxMessages.providerId, providerId));
    const [found] = await this.db.select({ id: outboxMessages.id }).from(outboxMessages).where(mine);
    if (!found) return false;
    if (status === 'failed') {
      const reason = `whatsapp: not delivered: ${error ?? 'Meta gave no reason'}`;
      const failedOver = await this.db.transaction(async (tx) => {
        const [failed] = await tx
          .update(outboxMessages)
          .set({
            status: 'failed',
            claimedUntil: null,
            lastError: sql`case when ${outboxMessages.smsFallback} then ${`${reason}; sent by SMS instead`}::text else ${reason}::text end`,
          })
          .where(and(mine, eq(outboxMessages.status, 'sent')))
          .returning();
        if (!failed?.smsFallback) return undefined;
        await this.insertSmsInstead(tx, failed, unconfigured);
        return failed;
      });
      if (failedOver) this.logger.warn(`whatsapp ${failedOver.topic} ${failedOver.id} was not delivered (${error ?? 'Meta gave no reason'}); sent by SMS instead`);
    } else if (status !== 'sent') {
      await this.db
        .update(outboxMessages)
        .set({ deliveryStatus: status })
        .where(and(mine, status === 'delivered' ? sql`${outboxMessages.deliveryStatus} is null` : ne(sql`coalesce(${outboxMessages.deliveryStatus}, '')`, 'read')));
    }
    return true;
  }

  /** A number that wrote STOP (`out`) or START on WhatsApp. */
  async setWhatsAppOptOut(phone: string, out: boolean): Promise<void> {
    if (out) await this.db.insert(whatsappOptOuts).values({ phone }).onConflictDoNothing();
    else await this.db.delete(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone));
  }

  /** Where each of these messages is (a lead's WhatsApp replies): its status, what the phone reported, why it failed. */
  async deliveryOf(ids: readonly string[]): Promise<Map<string, { status: MessageStatus; deliveryStatus: string | null; lastError: string | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: outboxMessages.id, status: outboxMessages.status, deliveryStatus: outboxMessages.deliveryStatus, lastError: outboxMessages.lastError })
      .from(outboxMessages)
      .where(inArray(outboxMessages.id, [...ids]));
    return new Map(rows.map((row) => [row.id, { status: row.status as MessageStatus, deliveryStatus: row.deliveryStatus, lastError: row.lastError }]));
  }

  /** The active staff's contacts, who hear of new leads and orders, read in the caller's transaction (owners only with `ownersOnly`), through the user domain's published view: a deactivated account hears nothing. */
  async staffContacts(db: Database | Transaction, ownersOnly = false): Promise<{ email: string; phone: string }[]> {
    return db
      .select({ email: staffMembers.email, phone: staffMembers.phone })
      .from(staffMembers)
      .where(and(eq(staffMembers.active, true), ownersOnly ? eq(staffMembers.staffRole, 'owner') : undefined));
  }

  /**
   * The numbers among `phones` whose account chose WhatsApp for its texts ('whatsapp' in place of
   * SMS, or 'both'), through the user domain's published view: only a number the account proved by
   * a code, and not one that wrote STOP on WhatsApp (its texts stay SMS).
   */
  async textChannelChoices(db: Database | Transaction, phones: readonly string[]): Promise<Map<string, 'whatsapp' | 'both'>> {
    const rows = await db
      .select({ phone: accountContacts.verifiedPhone, channel: accountContacts.textChannel })
      .from(accountContacts)
      .where(
        and(
          inArray(accountContacts.verifiedPhone, [...phones]),
          ne(accountContacts.textChannel, 'sms'),
          sql`not exists (select 1 from ${whatsappOptOuts} where ${whatsappOptOuts.phone} = ${accountContacts.verifiedPhone})`,
        ),
      );
    return new Map(rows.flatMap((row) => (row.phone && (row.channel === 'whatsapp' || row.channel === 'both') ? [[row.phone, row.channel] as const] : [])));
  }
}
