import type { ChannelMessage, MessageSender } from './channels';
import { SendError } from './channels';

/** Africa's Talking settings (`AFRICASTALKING_*`). */
export interface AfricasTalkingSettings {
  username: string;
  /** A secret: sent as the `apiKey` header, never logged or stored. */
  apiKey: string;
  senderId?: string;
  /** https://api.africastalking.com, their sandbox, or a loopback stub in tests. */
  apiUrl: string;
}

/** Recipient statuses Africa's Talking counts as accepted (Processed, Sent, Queued). */
const ACCEPTED_STATUS_CODES = new Set([100, 101, 102]);

interface SendResponse {
  SMSMessageData?: { Message?: string; Recipients?: { statusCode?: number; number?: string; status?: string; messageId?: string; cost?: string }[] };
}

/**
 * SMS through Africa's Talking's bulk SMS API (`POST /version1/messaging`). A small client of the
 * documented endpoint rather than their `africastalking` SDK: the SDK fixes its hosts in
 * lib/common.js (no way to point it at a loopback stub or a proxy) and brings axios, joi, lodash and
 * libphonenumber for one form POST (docs/messaging.md).
 */
export class SmsSender implements MessageSender {
  readonly channel = 'sms' as const;
  readonly configured = true;

  constructor(private readonly settings: AfricasTalkingSettings) {}

  async send(message: ChannelMessage, signal: AbortSignal): Promise<string | null> {
    const form = new URLSearchParams({ username: this.settings.username, to: message.to, message: message.text });
    if (this.settings.senderId) form.set('from', this.settings.senderId);
    let response: Response;
    try {
      response = await fetch(`${this.settings.apiUrl}/version1/messaging`, {
        method: 'POST',
        headers: { apiKey: this.settings.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        signal,
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new SendError(
        signal.aborted ? "sms: Africa's Talking did not answer in time" : `sms: Africa's Talking could not be reached${cause ? ` (${cause})` : ''}`,
      );
    }
    const body = await response.text();
    if (response.status === 401 || response.status === 403)
      throw new SendError(`sms: Africa's Talking refused the credentials (HTTP ${response.status}): check AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY`);
    if (!response.ok) throw new SendError(`sms: Africa's Talking answered HTTP ${response.status}: ${body.slice(0, 200)}`);
    let parsed: SendResponse;
    try {
      parsed = JSON.parse(body) as SendResponse;
    } catch {
      throw new SendError(`sms: Africa's Talking answered something other than JSON: ${body.slice(0, 200)}`);
    }
    const recipient = parsed.SMSMessageData?.Recipients?.[0];
    if (!recipient) throw new SendError(`sms: not sent: ${parsed.SMSMessageData?.Message ?? 'no recipient in the answer'}`);
    if (!ACCEPTED_STATUS_CODES.has(recipient.statusCode ?? 0))
      throw new SendError(`sms: not sent to ${recipient.number ?? message.to}: ${recipient.status ?? 'unknown status'} (${recipient.statusCode})`);
    return recipient.messageId ?? null;
  }

  async close(): Promise<void> {
    // fetch keeps no connection of ours open
  }
}
