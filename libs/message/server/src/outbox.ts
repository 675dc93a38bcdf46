import type { MessageChannel, MessageTopic } from '@dealership/message-schemas';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import type { Database, Transaction } from '@dealership/server-db';
import { normaliseKenyanPhone } from '@dealership/shared-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { MESSAGE_SENDERS, type MessageSender } from './channels';
import type { EmailSite, RenderedEmail } from './email-layout';
import { MessageRepository, type OutgoingMessage } from './message.repository';
import { withoutForeignLinks } from './message-safety';

/** Texts that prove a number: they go by SMS whatever the number's account chose. */
const SMS_ONLY_TOPICS: ReadonlySet<MessageTopic> = new Set(['phone.verify']);

/** What the staff hear of an event: one email and one SMS, each to every staff contact. */
export interface StaffAlert {
  topic: MessageTopic;
  /** The lead's or order's id, when the alert is about one. */
  reference?: string;
  email: RenderedEmail;
  /** None: the alert goes by email only. */
  sms?: string;
  /** Only the owners (and the configured alert addresses): for what a salesperson of their own is told of already. */
  ownersOnly?: boolean;
}

/** An email to one address; `unsubscribeUrl`: where a mail provider's unsubscribe button posts (alerts, not receipts). */
export function emailMessage(
  to: string,
  topic: MessageTopic,
  email: RenderedEmail,
  options: { reference?: string; sensitive?: boolean; unsubscribeUrl?: string } = {},
): OutgoingMessage {
  return { channel: 'email', to, topic, subject: email.subject, text: email.text, html: email.html, ...options };
}

/** An SMS to one number (+254...). */
export function smsMessage(to: string, topic: MessageTopic, text: string, options: { reference?: string; sensitive?: boolean } = {}): OutgoingMessage {
  return { channel: 'sms', to, topic, text, ...options };
}

/**
 * Where every other domain hands its messages over: written in the caller's transaction, so a
 * message exists exactly when the change that caused it was committed (the transactional outbox),
 * and sent by the MessageWorker of whichever instance claims it.
 */
@Injectable()
export class Outbox {
  private readonly unconfigured: ReadonlySet<MessageChannel>;

  constructor(
    private readonly messages: MessageRepository,
    @Inject(MESSAGE_SENDERS) senders: MessageSender[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.unconfigured = new Set(senders.filter((sender) => !sender.configured).map((sender) => sender.channel));
  }

  /** The dealer's phone and site, for templates. */
  get site(): EmailSite {
    return { dealerPhone: this.config.dealerPhone, publicUrl: this.config.publicUrl };
  }

  /** Deletes the messages past the privacy policy's period (RETENTION.messageDays); how many. */
  purgeBefore(cutoff: Date): Promise<number> {
    return this.messages.purgeBefore(cutoff);
  }

  /** Deletes the messages sent to an account being deleted (its email and phone), in its transaction; those still to send go out. How many went. */
  forgetRecipients(db: Database | Transaction, recipients: readonly string[]): Promise<number> {
    return recipients.length > 0 ? this.messages.purgeTo(db, recipients) : Promise.resolve(0);
  }

  /**
   * Deletes the messages about records whose person is being forgotten (the staff's alerts about
   * their lead or order: `reference` is its id), in the caller's transaction; how many went.
   */
  forgetAbout(db: Database | Transaction, references: readonly string[]): Promise<number> {
    return this.messages.purgeAbout(db, references);
  }

  /**
   * Writes messages in `db` (the caller's transaction): nothing is sent unless it commits. An SMS
   * never carries a link to another site (`withoutForeignLinks`), and an address someone typed gets
   * only a few (`TYPED_ADDRESS_CAP`; the rest are kept, withheld).
   */
  async enqueue(db: Database | Transaction, messages: readonly OutgoingMessage[]): Promise<void> {
    const safe = messages.map((m) => (m.channel === 'sms' ? { ...m, text: withoutForeignLinks(m.text, this.config.publicUrl) } : m));
    await this.messages.insert(db, await this.byChosenChannel(db, safe), this.unconfigured);
  }

  /**
   * An SMS to a number whose account chose WhatsApp goes as the approved notification template
   * (`WHATSAPP_NOTIFY_TEMPLATE`, the SMS's wording its parameter) in its place, or beside it for
   * 'both'. Without WhatsApp or the template, nothing is looked up. A phone code stays an SMS.
   */
  private async byChosenChannel(db: Database | Transaction, messages: OutgoingMessage[]): Promise<OutgoingMessage[]> {
    const template = this.config.messaging.whatsapp?.notifyTemplate;
    // A message carrying a secret never goes by WhatsApp: a template keeps its wording as a parameter.
    const rerouted = (m: OutgoingMessage) => m.channel === 'sms' && !m.sensitive && !SMS_ONLY_TOPICS.has(m.topic);
    if (!template || this.unconfigured.has('whatsapp') || !messages.some(rerouted)) return messages;
    const choices = await this.messages.textChannelChoices(db, [...new Set(messages.filter(rerouted).map((m) => m.to))]);
    if (choices.size === 0) return messages;
    return messages.flatMap((m) => {
      const choice = rerouted(m) ? choices.get(m.to) : undefined;
      if (!choice) return [m];
      // A template parameter may hold no line break, tab or run of more than four spaces.
      const wording = m.text.replace(/\s+/g, ' ').trim();
      const whatsapp: OutgoingMessage = {
        channel: 'whatsapp',
        to: m.to,
        topic: m.topic,
        reference: m.reference,
        text: template.text.replaceAll('{{1}}', wording),
        template: { name: template.name, language: template.language, parameters: [wording] },
        // WhatsApp only: if WhatsApp cannot take it, it goes by SMS after all (never nothing).
        ...(choice === 'whatsapp' ? { smsFallback: { text: m.text } } : {}),
      };
      return choice === 'both' ? [m, whatsapp] : [whatsapp];
    });
  }

  /**
   * Tells the staff: the active staff accounts, or only the owners (email, and SMS when the alert has one and their phone is a Kenyan number) and
   * LEAD_ALERT_EMAILS / LEAD_ALERT_PHONES, each address once.
   */
  async alertStaff(db: Database | Transaction, alert: StaffAlert): Promise<void> {
    const contacts = await this.messages.staffContacts(db, alert.ownersOnly);
    const emails = new Map<string, string>();
    for (const email of [...contacts.map((c) => c.email), ...this.config.messaging.alertEmails])
      if (!emails.has(email.toLowerCase())) emails.set(email.toLowerCase(), email);
    const phones = new Set<string>([
      ...contacts.map((c) => normaliseKenyanPhone(c.phone)).filter((p): p is string => p !== null),
      ...this.config.messaging.alertPhones,
    ]);
    const sms = alert.sms;
    await this.enqueue(db, [
      ...[...emails.values()].map((to) => emailMessage(to, alert.topic, alert.email, { reference: alert.reference })),
      ...(sms === undefined ? [] : [...phones].map((to) => smsMessage(to, alert.topic, sms, { reference: alert.reference }))),
    ]);
  }
}
