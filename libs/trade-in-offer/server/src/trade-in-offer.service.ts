import { type AuditActor, AuditService } from '@dealership/audit-server';
import { emailMessage, Outbox, smsMessage } from '@dealership/message-server';
import { PeriodicJobs } from '@dealership/server-db';
import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { formatKes, nairobiDate } from '@dealership/shared-util';
import {
  TRADE_IN_OFFER_REMINDER_DAYS,
  type TradeInOffer,
  type TradeInOfferCreateFields,
  type TradeInOfferStatus,
  type TradeInOfferView,
} from '@dealership/trade-in-offer-schemas';
import { SettingService } from '@dealership/setting-server';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { TradeInOfferLinks } from './trade-in-offer-links';
import { TradeInOfferNotFoundError } from './trade-in-offer.errors';
import { offerDay, offerEmail, offerReminderSms, offerSms } from './trade-in-offer.messages';
import { type OfferRow, TradeInOfferRepository } from './trade-in-offer.repository';

/** How often offers are expired and reminded of (once across instances). */
export const OFFER_JOB_INTERVAL_MS = 15 * 60 * 1000;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Written trade-in offers (issue 46): staff make one from a trade-in request; the buyer gets it by
 * SMS (and email) with a signed link, and accepts or declines it there until its last day; a
 * periodic job expires the ones left unanswered and reminds the buyer two days before the end.
 */
@Injectable()
export class TradeInOfferService implements OnModuleInit {
  constructor(
    private readonly offers: TradeInOfferRepository,
    private readonly links: TradeInOfferLinks,
    private readonly outbox: Outbox,
    private readonly audit: AuditService,
    private readonly jobs: PeriodicJobs,
    private readonly settings: SettingService,
  ) {}

  onModuleInit() {
    this.jobs.every('trade-in-offer.expiry-and-reminders', OFFER_JOB_INTERVAL_MS, () => this.runJob());
  }

  toOffer(row: OfferRow): TradeInOffer {
    return {
      id: row.id,
      reference: row.reference,
      leadId: row.leadId,
      buyerName: row.buyerName,
      buyerPhone: row.buyerPhone,
      buyerEmail: row.buyerEmail,
      car: row.car,
      amountKes: row.amountKes,
      conditions: row.conditions,
      validUntil: row.validUntil,
      status: row.status as TradeInOfferStatus,
      answeredAt: row.answeredAt?.toISOString() ?? null,
      remindedAt: row.remindedAt?.toISOString() ?? null,
      offerUrl: this.links.url(row.id),
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Makes an offer and sends it to the buyer (SMS, and email when given) in the same transaction. */
  async make(input: TradeInOfferCreateFields, actor: AuditActor, now = new Date()): Promise<TradeInOffer> {
    const today = nairobiDate(now);
    // The rate set's days (7 unless the owners set another), as the Terms page says.
    const validUntil = input.validUntil ?? addDays(today, (await this.settings.reservationRules(now)).tradeInOfferValidDays);
    if (validUntil < today) throw new DomainError(ErrorCode.BadRequest, 'Valid until cannot be in the past', 'validUntil');
    const row = await this.offers.transaction(async (tx) => {
      const inserted = await this.offers.insert(tx, { ...input, validUntil, createdBy: actor.name });
      const url = this.links.url(inserted.id);
      await this.outbox.enqueue(tx, [
        smsMessage(inserted.buyerPhone, 'trade-in.offer', offerSms(inserted, url), { reference: inserted.id }),
        ...(inserted.buyerEmail ? [emailMessage(inserted.buyerEmail, 'trade-in.offer', await offerEmail(inserted, url, this.outbox.site), { reference: inserted.id })] : []),
      ]);
      return inserted;
    });
    const offer = this.toOffer(row);
    await this.audit.record({ actor, entity: 'trade-in-offer', entityId: row.id, label: `${row.reference} ${row.car}`, action: 'create', after: offer });
    return offer;
  }

  async forLead(leadId: string): Promise<TradeInOffer[]> {
    return (await this.offers.forLead(leadId)).map((row) => this.toOffer(row));
  }

  private async byToken(token: string): Promise<OfferRow> {
    const id = this.links.verify(token);
    const row = id ? await this.offers.byId(id) : undefined;
    if (!row) throw new TradeInOfferNotFoundError('token');
    return row;
  }

  /** What the buyer's page shows of the offer its link names. */
  async view(token: string): Promise<TradeInOfferView> {
    const row = await this.byToken(token);
    return { reference: row.reference, car: row.car, amountKes: row.amountKes, conditions: row.conditions, validUntil: row.validUntil, status: row.status as TradeInOfferStatus };
  }

  /**
   * The buyer accepts or declines from the link, until the offer's last day; the same answer again
   * changes nothing, another one or a late one is refused (409, saying why). The owners hear of it.
   */
  async answer(token: string, answer: 'accepted' | 'declined', now = new Date(), userId?: string): Promise<TradeInOfferView> {
    const found = await this.byToken(token);
    if (found.status === answer) return this.view(token);
    const today = nairobiDate(now);
    const answered = await this.offers.transaction(async (tx) => {
      const row = await this.offers.answer(tx, found.id, answer, today, answer === 'accepted' ? userId : undefined);
      if (!row) return undefined;
      const words = answer === 'accepted' ? 'accepted' : 'declined';
      await this.outbox.alertStaff(tx, {
        topic: 'trade-in.answered',
        reference: row.id,
        ownersOnly: true,
        sms: `Trade-in offer ${row.reference} ${words} by ${row.buyerName} ${row.buyerPhone}: ${row.car}, ${formatKes(row.amountKes)}.`,
        email: await offerEmail(row, this.links.url(row.id), this.outbox.site).then((email) => ({
          ...email,
          subject: `Offer ${row.reference} ${words}: ${row.car}, ${formatKes(row.amountKes)}`,
        })),
      });
      return row;
    });
    if (!answered) {
      const reason =
        found.status === 'sent' || found.status === 'expired'
          ? `This offer ended on ${offerDay(found.validUntil)}; ask us for a new one`
          : `This offer was already ${found.status}`;
      throw new DomainError(ErrorCode.Conflict, reason, 'token');
    }
    // The buyer has no account to name: the log says who by their offer's link.
    await this.audit.recordSystem({
      by: `Buyer (offer link ${answered.reference})`,
      entity: 'trade-in-offer',
      entityId: answered.id,
      label: `${answered.reference}: ${answer}`,
      action: 'update',
      before: { status: found.status },
      after: { status: answered.status },
    });
    return this.view(token);
  }

  /**
   * The periodic job: offers past their last day expire; those ending within
   * TRADE_IN_OFFER_REMINDER_DAYS remind their buyer once (claimed and sent in one transaction).
   */
  async runJob(now = new Date()): Promise<{ expired: number; reminded: number }> {
    const today = nairobiDate(now);
    const expired = await this.offers.expire(today);
    const reminded = await this.offers.transaction(async (tx) => {
      const due = await this.offers.claimReminders(tx, today, addDays(today, TRADE_IN_OFFER_REMINDER_DAYS));
      for (const row of due) {
        const url = this.links.url(row.id);
        await this.outbox.enqueue(tx, [
          smsMessage(row.buyerPhone, 'trade-in.reminder', offerReminderSms(row, url), { reference: row.id }),
          ...(row.buyerEmail ? [emailMessage(row.buyerEmail, 'trade-in.reminder', await offerEmail(row, url, this.outbox.site, true), { reference: row.id })] : []),
        ]);
      }
      return due.length;
    });
    return { expired: expired.length, reminded };
  }
}
