import { ContentService } from '@dealership/content-server';
import { openingHoursText } from '@dealership/content-schemas';
import { type LeadWhatsAppReplyInput, type WhatsAppConversation, type WhatsAppReplyStatus, WHATSAPP_LEAD_SOURCES } from '@dealership/lead-schemas';
import { MediaService } from '@dealership/media-server';
import { emailMessage, MessageService, Outbox, smsMessage } from '@dealership/message-server';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { PeriodicJobs, pgError } from '@dealership/server-db';
import { DomainError, ErrorCode, normaliseKenyanPhone } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  LeadNotFoundError,
  WhatsAppLeadAnonymisedError,
  WhatsAppNotAConversationError,
  WhatsAppNotConfiguredError,
  WhatsAppUnknownTemplateError,
  WhatsAppWindowClosedError,
} from '../lead.errors';
import { LeadRepository } from '../lead.repository';
import { whatsappLeadEmail, whatsappLeadSms } from './whatsapp.messages';
import { downloadWhatsAppMedia, WhatsAppMediaUnavailableError } from './whatsapp-media';
import { WhatsAppRepository, type ClaimedInbound, type InboundEvent, type NamedCar } from './whatsapp.repository';
import { type InboundItem, InboundMessageSchema, messageText, StatusSchema } from './whatsapp-payload';

/** A WhatsApp lead's source in the owner's report, and an ad's (click-to-WhatsApp). */
export const WHATSAPP_SOURCE = WHATSAPP_LEAD_SOURCES.whatsapp;
export const WHATSAPP_AD_SOURCE = WHATSAPP_LEAD_SOURCES['whatsapp-ad'];

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
/**
 * Tries at a buyer's photo that fail for a reason that may pass (Meta or the image store not
 * answering) before the message is kept without it (the retries wait 2, 4, 8, 16, 32 s: about a
 * minute, while the message is not in the inbox). A photo no try would fetch is given up at once.
 */
export const PHOTO_ATTEMPTS = 6;
/** The media domain's refusals of the bytes themselves (not an image, damaged, too large): no try would pass them. */
const REFUSED_IMAGE: ReadonlySet<ErrorCode> = new Set([ErrorCode.BadRequest, ErrorCode.UnsupportedMediaType, ErrorCode.PayloadTooLarge]);
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
      const done =
        item.kind === 'message'
          ? await this.onMessage(item.payload as { message: unknown; profileName: string | null }, item)
          : await this.onStatus(item.payload as { status: unknown });
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

  /**
   * A buyer's message: on their open WhatsApp lead, or a new one. True when done (or already done).
   * `queued`: when the webhook received it, and the tries so far (this one included).
   */
  private async onMessage(payload: { message: unknown; profileName: string | null }, queued: Pick<ClaimedInbound, 'receivedAt' | 'attempts'>): Promise<boolean> {
    const message = InboundMessageSchema.parse(payload.message);
    const phone = `+${message.from}`;
    const at = sentAt(message.timestamp, queued.receivedAt);
    const attempts = queued.attempts;
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
    const fetched = message.type === 'image' && message.image ? await this.photoOf(message.image.id, attempts) : undefined;
    const photo = fetched && 'url' in fetched ? fetched : undefined;
    const photoLost = fetched && 'lost' in fetched ? fetched.lost : undefined;
    // A photo that could not be fetched says so in the conversation too (its caption stays).
    const inbound: InboundEvent = { externalId: message.id, body: photoLost ? text.replace(/^\[Photo\]/, '[Photo not received]') : text, at, photo, photoLost };
    // Taken by the lead once it is written (as a web lead's photos are): a photo stored for a try
    // that failed, or for a delivery already worked, stays unclaimed and the sweep deletes it.
    const claimPhoto = () => (photo ? this.media.attach([photo.publicId]) : Promise.resolve());
    for (let attempt = 0; attempt < 3; attempt++) {
      const open = await this.whatsapp.openLead(phone);
      try {
        if (open) {
          const appended = await this.whatsapp.transaction(async (tx) => {
            if (await this.whatsapp.known(message.id, tx)) return false;
            await this.whatsapp.appendInbound(tx, open.id, { ...inbound, car });
            return true;
          });
          if (appended) await claimPhoto();
          return true;
        }
        await this.openLead(inbound, phone, payload.profileName, car, message.referral ?? null);
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
  private async openLead(inbound: InboundEvent, phone: string, profileName: string | null, car: NamedCar | undefined, referral: Record<string, unknown> | null) {
    const text = inbound.body;
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
        await this.whatsapp.appendInbound(tx, id, inbound);
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
   * The picture a buyer's message brought, stored (`keepPhoto`); or, when no try would fetch it
   * (Meta no longer has it, it is too large, it is not an image we take) or `PHOTO_ATTEMPTS` tries
   * have failed, why it is lost, in the staff's words: the message is then kept without it (its
   * queue row done and emptied, like any other), not retried with the buyer's words kept outside the
   * lead's retention. Throws, for another try, while a failure may pass.
   */
  private async photoOf(mediaId: string, attempts: number): Promise<{ url: string; publicId: string } | { lost: string }> {
    try {
      return await this.keepPhoto(mediaId);
    } catch (error) {
      const lost =
        error instanceof WhatsAppMediaUnavailableError
          ? error.why
          : error instanceof DomainError && REFUSED_IMAGE.has(error.code)
            ? 'it is not an image the site can keep'
            : attempts >= PHOTO_ATTEMPTS
              ? `WhatsApp did not give it after ${attempts} tries`
              : undefined;
      if (lost === undefined) throw error;
      this.logger.warn(`whatsapp media ${mediaId}: kept the message without its photo: ${reason(error)}`);
      return { lost };
    }
  }

  /**
   * A picture the buyer sent, downloaded from Meta and stored as a buyer's lead photo (the media
   * domain's checks: a real image, re-encoded, metadata stripped), unclaimed until its lead is
   * written.
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
    // The buyer's last message, at Meta's time of it (kept no later than it was worked; and never
    // later than now here either): the window is 24 hours from when they wrote, not from when we read it.
    const lastIn = events.filter((event) => event.kind === 'whatsapp-in').at(-1)?.createdAt;
    const closesAt = lastIn ? new Date(Math.min(lastIn.getTime(), now.getTime()) + WHATSAPP_WINDOW_MS) : null;
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

  /**
   * A staff reply: text while the window is open, an approved template any time; through the outbox.
   * Only to a WhatsApp lead (or one the buyer wrote on by WhatsApp) that still has its number.
   */
  async reply(input: LeadWhatsAppReplyInput, actor: { id: string; name: string }): Promise<WhatsAppConversation> {
    const settings = this.config.messaging.whatsapp;
    if (!settings) throw new WhatsAppNotConfiguredError();
    const target = await this.whatsapp.replyTarget(input.id);
    if (!target) throw new LeadNotFoundError();
    if (target.anonymised || !target.phone) throw new WhatsAppLeadAnonymisedError();
    if (target.kind !== 'whatsapp' && !target.conversation) throw new WhatsAppNotAConversationError();
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

/**
 * When the buyer sent a message: Meta's `timestamp` (whole seconds since the epoch), within that
 * second at the time the webhook received it (messages of one second keep their order), and never
 * later than now: the timeline's time, and the start of the customer-service window, which neither a
 * queue that ran late nor a timestamp ahead of our clock may move or stretch.
 */
export function sentAt(timestamp: string, receivedAt: Date, now = Date.now()): Date {
  const second = Number(timestamp) * 1000;
  const within = Math.min(Math.max(receivedAt.getTime(), second), second + 999);
  return new Date(Math.min(Number.isFinite(within) ? within : now, now));
}

/** A reply's status from its outbox message's. */
function replyStatus(sent: { status: string; deliveryStatus: string | null } | undefined): WhatsAppReplyStatus {
  if (!sent) return 'pending';
  if (sent.status === 'failed' || sent.status === 'unconfigured' || sent.status === 'withheld' || sent.status === 'opted-out') return 'failed';
  if (sent.status !== 'sent') return 'pending';
  return sent.deliveryStatus === 'read' ? 'read' : sent.deliveryStatus === 'delivered' ? 'delivered' : 'sent';
}
