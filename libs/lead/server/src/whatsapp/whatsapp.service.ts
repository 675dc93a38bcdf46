import { ContentService } from '@dealership/content-server';
import { openingHoursText } from '@dealership/content-schemas';
import type { LeadWhatsAppReplyInput, WhatsAppConversation, WhatsAppReplyStatus } from '@dealership/lead-schemas';
import { MediaService } from '@dealership/media-server';
import { emailMessage, MessageService, Outbox, smsMessage } from '@dealership/message-server';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { PeriodicJobs, pgError } from '@dealership/server-db';
import { normaliseKenyanPhone } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LeadNotFoundError, WhatsAppNotConfiguredError, WhatsAppUnknownTemplateError, WhatsAppWindowClosedError } from '../lead.errors';
import { LeadRepository } from '../lead.repository';
import { whatsappLeadEmail, whatsappLeadSms } from './whatsapp.messages';
import { downloadWhatsAppMedia } from './whatsapp-media';
import { WhatsAppRepository, type ClaimedInbound, type NamedCar } from './whatsapp.repository';
import { type InboundItem, InboundMessageSchema, messageText, StatusSchema } from './whatsapp-payload';

/** A WhatsApp lead's source in the owner's report, and an ad's (click-to-WhatsApp). */
export const WHATSAPP_SOURCE = 'WhatsApp';
export const WHATSAPP_AD_SOURCE = 'WhatsApp ad';

/** Meta's customer-service window: free text only this long after the buyer's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How often the inbound queue is swept for what the instance that received it did not finish. */
const SWEEP_INTERVAL_MS = 5000;
/** How long the ids of worked deliveries are kept to recognise Meta's retries (it retries for up to 7 days), and how often older ones go. */
const KEEP_WORKED_IDS_MS = 8 * 24 * 60 * 60 * 1000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Items worked per claim. */
const BATCH = 20;
/** Attempts before an item is left for the staff to see in the logs (a status for a message that never becomes ours). */
const MAX_ATTEMPTS = 20;
/** What a buyer writes to stop WhatsApp messages, and to start them again. */
const OPT_OUT_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'STOP ALL']);
const OPT_IN_WORDS = new Set(['START', 'UNSTOP']);
/** A stock number in a message: ST-00012, st 00012, ST00012. */
const STOCK_NUMBER = /\bST[-\s]?(\d{5})\b/i;

/** Another instance opened the number's lead meanwhile: the message joins that one. */
class JoinOpenLead extends Error {}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Buyers' WhatsApp conversations as leads: what the webhook delivered is kept first (a durable
 * queue, each message once), then worked here: a number's first message opens a WhatsApp lead
 * (assigned round-robin and alerted like a web lead), later ones join its timeline, statuses go to
 * the replies. Staff replies go out through the outbox, as text inside Meta's 24-hour window and
 * as an approved template after it.
 */
@Injectable()
export class WhatsAppService implements OnModuleInit {
  private readonly logger = new Logger('WhatsApp');
  private working?: Promise<void>;
  private again = false;

  constructor(
    private readonly whatsapp: WhatsAppRepository,
    private readonly leads: LeadRepository,
    private readonly messages: MessageService,
    private readonly outbox: Outbox,
    private readonly content: ContentService,
    private readonly jobs: PeriodicJobs,
    private readonly media: MediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    if (!this.config.messaging.whatsapp) return;
    this.jobs.every('whatsapp.inbound', SWEEP_INTERVAL_MS, () => this.work());
    this.jobs.every('whatsapp.inbound-purge', PURGE_INTERVAL_MS, () => this.whatsapp.purgeWorkedBefore(new Date(Date.now() - KEEP_WORKED_IDS_MS)));
  }

  /** Keeps a delivery's items (before the webhook answers), then works them at once in this instance. */
  async receive(items: readonly InboundItem[]): Promise<void> {
    await this.whatsapp.keep(items);
    if (items.length > 0) void this.work();
  }

  /** Works the queue until it is empty; one run at a time in this process (a call meanwhile asks for another pass). */
  work(): Promise<void> {
    if (this.working) {
      this.again = true;
      return this.working;
    }
    this.working = (async () => {
      do {
        this.again = false;
        for (let claimed = await this.whatsapp.claim(BATCH); claimed.length > 0; claimed = await this.whatsapp.claim(BATCH)) {
          for (const item of claimed) await this.workOne(item);
        }
      } while (this.again);
    })()
      .catch((error: unknown) => this.logger.warn(`the inbound queue could not be worked: ${reason(error)}`))
      .finally(() => (this.working = undefined));
    return this.working;
  }

  private async workOne(item: ClaimedInbound): Promise<void> {
    try {
      const done = item.kind === 'message' ? await this.onMessage(item.payload as { message: unknown; profileName: string | null }) : await this.onStatus(item.payload as { status: unknown });
      if (done) await this.whatsapp.done(item.id);
      else if (item.attempts >= MAX_ATTEMPTS) {
        this.logger.warn(`whatsapp ${item.kind} ${item.id}: given up after ${item.attempts} attempts`);
        await this.whatsapp.done(item.id);
      } else await this.whatsapp.failed(item.id, 'not yet applicable', Math.min(60, 2 ** item.attempts));
    } catch (error) {
      this.logger.warn(`whatsapp ${item.kind} ${item.id} failed: ${reason(error)}`);
      await this.whatsapp.failed(item.id, reason(error), Math.min(300, 2 ** item.attempts)).catch(() => undefined);
    }
  }

  /** A status callback; false while the message is not known to be ours yet (the worker records its id once Meta answers). */
  private async onStatus(payload: { status: unknown }): Promise<boolean> {
    const status = StatusSchema.parse(payload.status);
    const error = status.errors?.map((e) => e.title ?? e.message ?? String(e.code)).join('; ');
    return this.messages.whatsappStatus(status.id, status.status, error);
  }

  /** A buyer's message: on their open WhatsApp lead, or a new one. True when done (or already done). */
  private async onMessage(payload: { message: unknown; profileName: string | null }): Promise<boolean> {
    const message = InboundMessageSchema.parse(payload.message);
    const phone = `+${message.from}`;
    const text = messageText(message);
    const car = await this.carNamedIn(text);
    if (await this.whatsapp.known(message.id)) {
      // Worked before: its photo is claimed again, in case that try ended between the lead and the claim.
      const publicId = await this.whatsapp.photoOfMessage(message.id);
      if (publicId) await this.media.attach([publicId]);
      return true;
    }
    // STOP turns WhatsApp messages to the number off (replies, and any other WhatsApp message), START on again; the words stay in the conversation.
    const command = text.trim().toUpperCase();
    if (OPT_OUT_WORDS.has(command) || OPT_IN_WORDS.has(command)) await this.messages.setWhatsAppOptOut(phone, OPT_OUT_WORDS.has(command));
    const photo = message.type === 'image' && message.image ? await this.keepPhoto(message.image.id) : undefined;
    // Taken by the lead once it is written (as a web lead's photos are): a photo stored for a try
    // that failed, or for a delivery already worked, stays unclaimed and the sweep deletes it.
    const claimPhoto = () => (photo ? this.media.attach([photo.publicId]) : Promise.resolve());
    for (let attempt = 0; attempt < 3; attempt++) {
      const open = await this.whatsapp.openLead(phone);
      try {
        if (open) {
          const appended = await this.whatsapp.transaction(async (tx) => {
            if (await this.whatsapp.known(message.id, tx)) return false;
            await this.whatsapp.appendInbound(tx, open.id, message.id, text, car, photo);
            return true;
          });
          if (appended) await claimPhoto();
          return true;
        }
        await this.openLead(message.id, phone, payload.profileName, text, car, message.referral ?? null, photo);
        await claimPhoto();
        return true;
      } catch (error) {
        if (error instanceof JoinOpenLead) continue;
        // The same message twice (two instances at once): the unique event id keeps one.
        if (pgError(error).code === '23505') return true;
        throw error;
      }
    }
    throw new Error(`could not settle the open lead of ${phone}`);
  }

  /** A number's first message: a WhatsApp lead, assigned and alerted like a web lead, with the message on its timeline. */
  private async openLead(
    externalId: string,
    phone: string,
    profileName: string | null,
    text: string,
    car: NamedCar | undefined,
    referral: Record<string, unknown> | null,
    photo: { url: string; publicId: string } | undefined,
  ) {
    const id = randomUUID();
    const name = (profileName ?? '').trim().slice(0, 120) || phone;
    const lead = { id, name, phone, text, car: car ?? null, referral: referral as { headline?: string; source_url?: string } | null };
    const { phone: dealerPhone } = await this.content.current();
    const site = { ...this.outbox.site, dealerPhone };
    const email = await whatsappLeadEmail(lead, site);
    await this.leads.insert(
      {
        id,
        kind: 'whatsapp',
        name,
        phone,
        email: null,
        message: text.slice(0, 2000),
        carId: car?.id ?? null,
        preferredDate: null,
        preferredTime: null,
        details: { profileName, ...(referral ? { referral } : {}) },
        buyerId: null,
        // The owner's report of leads by source reads the channel here: a click-to-WhatsApp ad (its
        // headline, address and click id are in the details) or a chat started from elsewhere.
        sourcePage: referral ? WHATSAPP_AD_SOURCE : WHATSAPP_SOURCE,
        consentedAt: null,
        consentText: null,
      },
      async (tx, { assignee }) => {
        // Serialised by the insert's assignment lock: a second message of the number opened its lead meanwhile.
        if (await this.whatsapp.openLead(phone, id, tx)) throw new JoinOpenLead();
        await this.whatsapp.appendInbound(tx, id, externalId, text, undefined, photo);
        await this.outbox.alertStaff(tx, { topic: 'lead.staff', reference: id, email, sms: whatsappLeadSms(lead), ownersOnly: Boolean(assignee) });
        if (assignee) {
          const assigneePhone = normaliseKenyanPhone(assignee.phone);
          await this.outbox.enqueue(tx, [
            emailMessage(assignee.email, 'lead.assigned', email, { reference: id }),
            ...(assigneePhone ? [smsMessage(assigneePhone, 'lead.assigned', `Assigned to you: ${whatsappLeadSms(lead)}`, { reference: id })] : []),
          ]);
        }
      },
    );
  }

  /**
   * A picture the buyer sent, downloaded from Meta and stored as a buyer's lead photo (the media
   * domain's checks: a real image, re-encoded, metadata stripped), unclaimed until its lead is
   * written. Failing, the message is retried.
   */
  private async keepPhoto(mediaId: string): Promise<{ url: string; publicId: string }> {
    const settings = this.config.messaging.whatsapp;
    if (!settings) throw new Error('WhatsApp is not set up');
    const data = await downloadWhatsAppMedia(settings, mediaId, this.media.uploadLimits('leads').maxBytes);
    const { url, publicId } = await this.media.upload({ data, fileName: 'whatsapp' }, 'leads');
    return { url, publicId };
  }

  /** The car a message names: a stock number, or a link to its page on this site. */
  private async carNamedIn(text: string): Promise<NamedCar | undefined> {
    const stock = STOCK_NUMBER.exec(text);
    if (stock) {
      const car = await this.whatsapp.carByStockNumber(`ST-${stock[1]}`);
      if (car) return car;
    }
    const link = /\/car\/([a-z0-9-]{1,200})/i.exec(text);
    return link ? this.whatsapp.carBySlug(link[1].toLowerCase()) : undefined;
  }

  /** A lead's WhatsApp conversation, with what may be sent now. */
  async conversation(leadId: string, now = new Date()): Promise<WhatsAppConversation> {
    const lead = await this.leads.byId(leadId);
    if (!lead) throw new LeadNotFoundError();
    const events = await this.whatsapp.conversation(leadId);
    const delivery = await this.messages.deliveryOf(events.flatMap((event) => (event.messageId ? [event.messageId] : [])));
    const lastIn = events.filter((event) => event.kind === 'whatsapp-in').at(-1)?.createdAt;
    const closesAt = lastIn ? new Date(lastIn.getTime() + WHATSAPP_WINDOW_MS) : null;
    const settings = this.config.messaging.whatsapp;
    return {
      configured: Boolean(settings),
      windowOpen: Boolean(closesAt && closesAt > now),
      windowClosesAt: closesAt?.toISOString() ?? null,
      templates: settings?.templates ?? [],
      quickReplies: await this.quickReplies(lead.car?.id ?? null),
      messages: events.map((event) => {
        const sent = event.messageId ? delivery.get(event.messageId) : undefined;
        return {
          id: event.id,
          direction: event.kind === 'whatsapp-in' ? ('in' as const) : ('out' as const),
          text: event.body ?? '',
          author: event.kind === 'whatsapp-out' ? event.authorName : null,
          at: event.createdAt.toISOString(),
          status: event.kind === 'whatsapp-out' ? replyStatus(sent) : null,
          error: sent?.status === 'failed' ? sent.lastError : sent?.status === 'opted-out' ? 'Not sent: they wrote STOP (WhatsApp messages to them are off until they write START)' : null,
          photoUrl: event.photoUrl,
        };
      }),
    };
  }

  /** The common answers, in the dealer's words: the car's price, where the yard is, when to view. */
  private async quickReplies(carId: string | null): Promise<{ label: string; text: string }[]> {
    const content = await this.content.current();
    const car = carId ? await this.whatsapp.carById(carId) : undefined;
    return [
      ...(car ? [{ label: 'Price', text: `The ${car.name} (${car.stockNumber}) is ${formatKes(car.price)}.` }] : []),
      { label: 'Location', text: `You will find us at ${content.address}.${content.mapUrl ? ` Map: ${content.mapUrl}` : ''}` },
      { label: 'Viewing times', text: `You are welcome to view ${car ? 'it' : 'our cars'} ${openingHoursText(content.hours)}. When would suit you?` },
    ];
  }

  /** A staff reply: text while the window is open, an approved template any time; through the outbox. */
  async reply(input: LeadWhatsAppReplyInput, actor: { id: string; name: string }): Promise<WhatsAppConversation> {
    const settings = this.config.messaging.whatsapp;
    if (!settings) throw new WhatsAppNotConfiguredError();
    const conversation = await this.conversation(input.id);
    const lead = await this.leads.byId(input.id);
    if (!lead) throw new LeadNotFoundError();
    let outgoing: { text: string; template?: { name: string; language: string; parameters: string[] } };
    if ('template' in input) {
      const template = settings.templates.find((t) => t.name === input.template);
      if (!template) throw new WhatsAppUnknownTemplateError(settings.templates.map((t) => t.name));
      const parameters = template.text.includes('{{1}}') ? [lead.name] : [];
      outgoing = { text: template.text.replaceAll('{{1}}', lead.name), template: { name: template.name, language: template.language, parameters } };
    } else {
      if (!conversation.windowOpen) throw new WhatsAppWindowClosedError();
      outgoing = { text: input.text.trim() };
    }
    const messageId = randomUUID();
    await this.whatsapp.transaction(async (tx) => {
      await this.outbox.enqueue(tx, [
        { id: messageId, channel: 'whatsapp', to: lead.phone, topic: 'lead.whatsapp', reference: lead.id, text: outgoing.text, template: outgoing.template },
      ]);
      await this.whatsapp.appendReply(tx, lead.id, messageId, outgoing.text, actor);
    });
    return this.conversation(input.id);
  }
}

/** A reply's status from its outbox message's. */
function replyStatus(sent: { status: string; deliveryStatus: string | null } | undefined): WhatsAppReplyStatus {
  if (!sent) return 'pending';
  if (sent.status === 'failed' || sent.status === 'unconfigured' || sent.status === 'withheld' || sent.status === 'opted-out') return 'failed';
  if (sent.status !== 'sent') return 'pending';
  return sent.deliveryStatus === 'read' ? 'read' : sent.deliveryStatus === 'delivered' ? 'delivered' : 'sent';
}
