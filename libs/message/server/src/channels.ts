import type { MessageChannel } from '@dealership/message-schemas';

/** One message as a channel sends it. */
export interface ChannelMessage {
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** Email only: the one-click unsubscribe address (`List-Unsubscribe` and `List-Unsubscribe-Post`, RFC 8058), or null. */
  unsubscribeUrl: string | null;
  /** WhatsApp only: an approved template in place of the text (outside the 24-hour window), or null. */
  template: WhatsAppTemplateMessage | null;
}

/** A WhatsApp template as sent: its name, language and body parameters in order. */
export interface WhatsAppTemplateMessage {
  name: string;
  language: string;
  parameters: string[];
}

/** A way out (email, SMS, WhatsApp). */
export interface MessageSender {
  readonly channel: MessageChannel;
  /** False when its settings are absent: messages for it are kept unsent. */
  readonly configured: boolean;
  /** Sends one message; resolves with the provider's id for it, rejects with a reason fit for staff to read (never a credential). */
  send(message: ChannelMessage, signal: AbortSignal): Promise<string | null>;
  /** Releases connections (at shutdown). */
  close(): Promise<void>;
}

/** The Nest token of the senders, one per channel. */
export const MESSAGE_SENDERS = Symbol('MESSAGE_SENDERS');

/** A failure the sender has already put in words staff can read. */
export class SendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SendError';
  }
}

/** A sender for a channel that is not configured: never called (messages for it are kept unsent). */
export class UnconfiguredSender implements MessageSender {
  readonly configured = false;
  constructor(readonly channel: MessageChannel) {}
  send(): Promise<string | null> {
    return Promise.reject(new SendError(`${this.channel} is not configured`));
  }
  async close(): Promise<void> {
    // nothing to release
  }
}
