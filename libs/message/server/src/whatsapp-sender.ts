import type { WhatsAppConfig } from '@dealership/server-core';
import type { ChannelMessage, MessageSender } from './channels';
import { SendError } from './channels';

interface GraphAnswer {
  messages?: { id?: string }[];
  error?: { message?: string; code?: number; error_subcode?: number };
}

/** Graph API error codes that mean the 24-hour window is closed (free text refused: send a template). */
const WINDOW_CLOSED_CODES = new Set([131047]);

/**
 * WhatsApp through Meta's Cloud API (`POST {WHATSAPP_API_URL}/{phone-number-id}/messages`): a text,
 * or an approved template whose one body parameter is the buyer's name. A small client of the
 * documented endpoint (fetch), as for SMS: Meta's Node SDK is archived, and this is one POST.
 */
export class WhatsAppSender implements MessageSender {
  readonly channel = 'whatsapp' as const;
  readonly configured = true;

  constructor(private readonly settings: Pick<WhatsAppConfig, 'accessToken' | 'phoneNumberId' | 'apiUrl'>) {}

  async send(message: ChannelMessage, signal: AbortSignal): Promise<string | null> {
    const to = message.to.replace(/\D/g, '');
    const body = message.template
      ? {
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: {
            name: message.template.name,
            language: { code: message.template.language },
            components: message.template.parameters.length
              ? [{ type: 'body', parameters: message.template.parameters.map((text) => ({ type: 'text', text })) }]
              : [],
          },
        }
      : { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body: message.text } };
    let response: Response;
    try {
      response = await fetch(`${this.settings.apiUrl}/${this.settings.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.settings.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new SendError(signal.aborted ? 'whatsapp: the Cloud API did not answer in time' : `whatsapp: the Cloud API could not be reached${cause ? ` (${cause})` : ''}`);
    }
    const text = await response.text();
    let answer: GraphAnswer = {};
    try {
      answer = JSON.parse(text) as GraphAnswer;
    } catch {
      // described below by its status
    }
    if (response.status === 401 || answer.error?.code === 190) throw new SendError('whatsapp: the Cloud API refused the access token: check WHATSAPP_ACCESS_TOKEN');
    if (answer.error?.code && WINDOW_CLOSED_CODES.has(answer.error.code))
      throw new SendError('whatsapp: the 24-hour window is closed: only an approved template can be sent');
    if (!response.ok) throw new SendError(`whatsapp: the Cloud API answered HTTP ${response.status}: ${answer.error?.message ?? text.slice(0, 200)}`);
    const id = answer.messages?.[0]?.id;
    if (!id) throw new SendError(`whatsapp: no message id in the answer: ${text.slice(0, 200)}`);
    return id;
  }

  async close(): Promise<void> {
    // fetch keeps no connection of ours open
  }
}
