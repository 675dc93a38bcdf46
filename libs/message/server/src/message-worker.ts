import type { MessageChannel } from '@dealership/message-schemas';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { type DatabaseHandle, DB_HANDLE } from '@dealership/server-db';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MESSAGE_SENDERS, type MessageSender, SendError } from './channels';
import { type ClaimedMessage, MessageRepository } from './message.repository';
import { nextAttemptAt } from './retry-schedule';

/** The NOTIFY channel an outbox insert signals on (migration 0019). */
export const OUTBOX_CHANNEL = 'outbox';
/** Messages claimed per round trip. */
const BATCH = 10;
/**
 * Longest sleep between looks at the queue: a backstop for a missed notification (the LISTEN
 * connection being re-established) and for retries that fall due; each wait is otherwise until the
 * next retry is due or a notification arrives.
 */
const LONGEST_SLEEP_MS = 30_000;

/**
 * Sends what the outbox holds. Every instance runs one: a notification after each insert wakes them
 * all, and `FOR UPDATE SKIP LOCKED` hands each message to exactly one. A message whose sender died
 * mid-send is claimed again once its claim (twice the send timeout) runs out, so a crash loses
 * nothing; the price is that such a message may, rarely, arrive twice.
 */
/** What to set for each channel left off. */
const UNCONFIGURED_HINTS: Record<MessageChannel, string> = {
  email: 'email (set SMTP_URL)',
  sms: 'SMS (set AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY)',
  whatsapp: 'WhatsApp (set WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN)',
};

@Injectable()
export class MessageWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Messages');
  private readonly senders: Map<string, MessageSender>;
  /** The channels without their settings (a fallback SMS for them is kept unsent). */
  private readonly unconfigured: ReadonlySet<MessageChannel>;
  private stopListening?: () => Promise<void>;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  /** Sends in flight, so shutdown can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly messages: MessageRepository,
    @Inject(MESSAGE_SENDERS) senders: MessageSender[],
    @Inject(DB_HANDLE) private readonly handle: DatabaseHandle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.senders = new Map(senders.map((sender) => [sender.channel, sender]));
    this.unconfigured = new Set(senders.filter((sender) => !sender.configured).map((sender) => sender.channel));
  }


  async onApplicationBootstrap(): Promise<void> {
    const off = [...this.senders.values()]
      .filter((s) => !s.configured)
      .map((s) => UNCONFIGURED_HINTS[s.channel]);
    if (off.length > 0) this.logger.warn(`not configured, kept unsent in the back office's Messages: ${off.join('; ')}`);
    this.stopListening = await this.handle.listen(OUTBOX_CHANNEL, {
      onNotify: () => this.wake(),
      // Back after a lost connection: what was written meanwhile was not announced.
      onListening: (listening) => listening && this.wake(),
    });
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.stopListening?.();
    await this.running;
    await Promise.allSettled(this.inFlight);
    await Promise.all([...this.senders.values()].map((sender) => sender.close()));
  }

  /** Looks at the queue now (or right after the look in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn(`the outbox could not be read: ${error instanceof Error ? error.message : 'error'}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          void this.scheduleNext();
        }
      });
  }

  /** Resolves once every message due now has been tried (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running || this.inFlight.size > 0) {
      await this.running;
      await Promise.allSettled(this.inFlight);
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.messages.claim(BATCH, this.config.messaging.sendTimeoutMs * 2);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((message) => this.track(this.send(message))));
      if (this.stopped) return;
    }
  }

  private track(sending: Promise<void>): Promise<void> {
    this.inFlight.add(sending);
    return sending.finally(() => this.inFlight.delete(sending));
  }

  private async send(message: ClaimedMessage): Promise<void> {
    const sender = this.senders.get(message.channel);
    if (!sender?.configured) {
      await this.messages.markUnconfigured(message.id);
      return;
    }
    try {
      const providerId = await sender.send(
        { to: message.recipient, subject: message.subject, text: message.bodyText, html: message.bodyHtml, unsubscribeUrl: message.unsubscribeUrl, template: message.template },
        AbortSignal.timeout(this.config.messaging.sendTimeoutMs),
      );
      await this.messages.markSent(message.id, providerId);
    } catch (error) {
      const reason = error instanceof SendError ? error.message : `${message.channel}: ${error instanceof Error ? error.name : 'error'}`;
      if (message.smsFallback) {
        // Sent by WhatsApp in place of an SMS: not retried for a day, the SMS goes now.
        this.logger.warn(`${message.channel} ${message.topic} ${message.id} failed (${reason}); sent by SMS instead`);
        await this.messages.failOverToSms(message, reason, this.unconfigured);
        return;
      }
      const retryAt = nextAttemptAt(message.attempts, new Date(), message.giveUpAt);
      this.logger.warn(
        `${message.channel} ${message.topic} ${message.id} attempt ${message.attempts} failed (${reason}); ${retryAt ? `retry at ${retryAt.toISOString()}` : 'given up'}`,
      );
      await this.messages.markFailed(message.id, reason, retryAt);
    }
  }

  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    let wait = LONGEST_SLEEP_MS;
    try {
      const next = await this.messages.nextDue();
      if (next) wait = Math.min(wait, Math.max(0, next.getTime() - Date.now()));
    } catch {
      // the database is away: look again after the longest sleep
    }
    if (this.stopped) return;
    clearTimeout(this.timer);
    // Unref'd: a waiting worker never keeps the process (or a test run) alive.
    this.timer = setTimeout(() => this.wake(), wait + 50);
    this.timer.unref();
  }
}
