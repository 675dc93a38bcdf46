import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { received } from './received';

/** A message the stub accepted: what the Cloud API's `POST /{version}/{phone-number-id}/messages` received. */
export interface ReceivedWhatsApp {
  phoneNumberId: string;
  to: string;
  type: 'text' | 'template';
  /** The text's body, or the template's name. */
  text: string;
  template?: { name: string; language: string; parameters: string[] };
  /** The bearer token it was sent with. */
  token: string;
  /** The wamid the stub answered. */
  id: string;
}

/** How the stub answers: accept, HTTP 500, Meta's "re-engagement message" refusal (the 24-hour window is closed, code 131047). */
export type WhatsAppStubBehaviour = 'accept' | 'error500' | 'windowClosed';

export interface WhatsAppStub {
  /** `http://127.0.0.1:<port>/v21.0` for WHATSAPP_API_URL. */
  url: string;
  env: { WHATSAPP_ACCESS_TOKEN: string; WHATSAPP_PHONE_NUMBER_ID: string; WHATSAPP_APP_SECRET: string; WHATSAPP_VERIFY_TOKEN: string; WHATSAPP_API_URL: string };
  messages: ReceivedWhatsApp[];
  setBehaviour(behaviour: WhatsAppStubBehaviour): void;
  /** A picture a buyer sent, for `GET /{media-id}` (its short-lived URL) and that URL's download. */
  addMedia(id: string, data: Buffer, mimeType: string): void;
  /** `GET /{media-id}` answers `status` (Meta's error body) for this id, e.g. 500 while Meta has trouble; `undefined` ends it. */
  failMedia(id: string, status: number | undefined): void;
  waitFor(match: (message: ReceivedWhatsApp) => boolean, timeoutMs?: number): Promise<ReceivedWhatsApp>;
  close(): Promise<void>;
}

/**
 * A loopback stub of Meta's WhatsApp Cloud API (Graph API, versioned path), answering in its
 * documented shapes (`{messaging_product, contacts:[{input, wa_id}], messages:[{id}]}`, errors as
 * `{error:{message, type, code}}`).
 */
export async function startWhatsAppStub(): Promise<WhatsAppStub> {
  const env = {
    WHATSAPP_ACCESS_TOKEN: 'stub-access-token',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: 'stub-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'stub-verify-token',
  };
  const messages = received<ReceivedWhatsApp>((m) => `${m.to} ${m.type} "${m.text.slice(0, 40)}"`, 'WhatsApp message');
  let behaviour: WhatsAppStubBehaviour = 'accept';
  let sequence = 0;
  const media = new Map<string, { data: Buffer; mimeType: string }>();
  const mediaFailures = new Map<string, number>();
  let base = '';
  const answer = (response: ServerResponse, status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (token !== env.WHATSAPP_ACCESS_TOKEN) return answer(response, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      const described = request.method === 'GET' ? /^\/v\d+\.\d+\/([\w.-]+)$/.exec(request.url ?? '') : null;
      if (described) {
        const failure = mediaFailures.get(described[1]);
        if (failure) return answer(response, failure, { error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2 } });
        const item = media.get(described[1]);
        if (!item) return answer(response, 404, { error: { message: 'Unsupported get request', type: 'GraphMethodException', code: 100 } });
        return answer(response, 200, { messaging_product: 'whatsapp', url: `${base}/download/${described[1]}`, mime_type: item.mimeType, file_size: item.data.length, id: described[1] });
      }
      const download = request.method === 'GET' ? /^\/download\/([\w.-]+)$/.exec(request.url ?? '') : null;
      if (download) {
        const item = media.get(download[1]);
        if (!item) return answer(response, 404, { error: { message: 'Not found', code: 100 } });
        return response.writeHead(200, { 'content-type': item.mimeType }).end(item.data);
      }
      const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) return answer(response, 404, { error: { message: 'Unknown path', type: 'OAuthException', code: 803 } });
      if (behaviour === 'error500') return answer(response, 500, { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        to: string;
        type: 'text' | 'template';
        text?: { body: string };
        template?: { name: string; language: { code: string }; components?: { parameters?: { text: string }[] }[] };
      };
      if (behaviour === 'windowClosed' && body.type === 'text')
        return answer(response, 400, { error: { message: '(#131047) Re-engagement message', type: 'OAuthException', code: 131047 } });
      const id = `wamid.stub${++sequence}`;
      messages.add({
        phoneNumberId: match[1],
        to: body.to,
        type: body.type,
        text: body.type === 'text' ? (body.text?.body ?? '') : (body.template?.name ?? ''),
        template: body.template && {
          name: body.template.name,
          language: body.template.language.code,
          parameters: (body.template.components ?? []).flatMap((c) => (c.parameters ?? []).map((p) => p.text)),
        },
        token,
        id,
      });
      answer(response, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `${base}/v21.0`;
  return {
    url,
    env: { ...env, WHATSAPP_API_URL: url },
    messages: messages.items,
    setBehaviour: (next) => (behaviour = next),
    addMedia: (id, data, mimeType) => media.set(id, { data, mimeType }),
    failMedia: (id, status) => (status === undefined ? mediaFailures.delete(id) : mediaFailures.set(id, status)),
    waitFor: (match, timeoutMs = 5000) => messages.waitFor(match, timeoutMs),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A webhook delivery in Meta's shape: a buyer's text message (with their profile), or our message's status. */
export function whatsappDelivery(
  item:
    | { message: { from: string; id: string; text: string; name?: string; timestamp?: number; referral?: Record<string, string>; image?: { id: string; mimeType: string } } }
    | { status: { id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; recipient: string; error?: string } },
  phoneNumberId = '106540352242922',
): string {
  const value =
    'message' in item
      ? {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '254700000000', phone_number_id: phoneNumberId },
          contacts: [{ profile: { name: item.message.name ?? 'Buyer' }, wa_id: item.message.from }],
          messages: [
            {
              from: item.message.from,
              id: item.message.id,
              timestamp: String(item.message.timestamp ?? Math.floor(Date.now() / 1000)),
              ...(item.message.image
                ? { type: 'image', image: { id: item.message.image.id, mime_type: item.message.image.mimeType, caption: item.message.text } }
                : { type: 'text', text: { body: item.message.text } }),
              ...(item.message.referral ? { referral: item.message.referral } : {}),
            },
          ],
        }
      : {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '254700000000', phone_number_id: phoneNumberId },
          statuses: [
            {
              id: item.status.id,
              status: item.status.status,
              timestamp: String(Math.floor(Date.now() / 1000)),
              recipient_id: item.status.recipient,
              ...(item.status.error ? { errors: [{ code: 131026, title: item.status.error }] } : {}),
            },
          ],
        };
  return JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes: [{ value, field: 'messages' }] }] });
}

/** `X-Hub-Signature-256` of a body, as Meta signs it with the app secret. */
export const whatsappSignature = (body: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
