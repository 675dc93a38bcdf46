import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { received } from './received';

/** An SMS the stub accepted: the form Africa's Talking's API receives, per recipient. */
export interface ReceivedSms {
  to: string;
  message: string;
  from: string | null;
  username: string;
  /** The `apiKey` header. */
  apiKey: string;
  messageId: string;
  receivedAt: number;
}

/**
 * How the stub answers `POST /version1/messaging`: accept (201, status Success 101), answer HTTP
 * 500, refuse the credentials (401), report the number invalid (201 with status 403
 * InvalidPhoneNumber, as their API does), or never answer.
 */
export type SmsStubBehaviour = 'accept' | 'error500' | 'unauthorized' | 'invalidNumber' | 'hang';

export interface SmsStub {
  /** `http://127.0.0.1:<port>` for AFRICASTALKING_API_URL. */
  url: string;
  messages: ReceivedSms[];
  /** Every request, accepted or not. */
  requests: { path: string; status: number }[];
  setBehaviour(behaviour: SmsStubBehaviour): void;
  waitFor(match: (sms: ReceivedSms) => boolean, timeoutMs?: number): Promise<ReceivedSms>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A loopback stub of Africa's Talking's bulk SMS API, answering in its documented shapes
 * (`{"SMSMessageData":{"Message":"Sent to 1/1 Total Cost: KES 0.8000","Recipients":[...]}}`).
 */
export async function startSmsStub(): Promise<SmsStub> {
  const messages = received<ReceivedSms>((m) => `${m.to} "${m.message.slice(0, 40)}"`, 'SMS');
  const requests: { path: string; status: number }[] = [];
  let behaviour: SmsStubBehaviour = 'accept';
  let sequence = 0;
  const answer = (response: ServerResponse, path: string, status: number, body: unknown) => {
    requests.push({ path, status });
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '';
      const body = await readBody(request);
      if (request.method !== 'POST' || path !== '/version1/messaging') return answer(response, path, 404, { error: 'not found' });
      if (behaviour === 'hang') return; // never answers
      if (behaviour === 'error500') return answer(response, path, 500, { error: 'stub: internal error' });
      if (behaviour === 'unauthorized') return answer(response, path, 401, 'The supplied authentication is invalid');
      const form = new URLSearchParams(body);
      const to = (form.get('to') ?? '').split(',').filter(Boolean);
      if (behaviour === 'invalidNumber') {
        return answer(response, path, 201, {
          SMSMessageData: {
            Message: 'Sent to 0/1 Total Cost: 0',
            Recipients: to.map((number) => ({ statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' })),
          },
        });
      }
      const recipients = to.map((number) => {
        const sms: ReceivedSms = {
          to: number,
          message: form.get('message') ?? '',
          from: form.get('from'),
          username: form.get('username') ?? '',
          apiKey: String(request.headers['apikey'] ?? ''),
          messageId: `ATXid_stub${++sequence}`,
          receivedAt: Date.now(),
        };
        messages.add(sms);
        return { statusCode: 101, number, status: 'Success', cost: 'KES 0.8000', messageId: sms.messageId };
      });
      answer(response, path, 201, {
        SMSMessageData: {
          Message: `Sent to ${recipients.length}/${to.length} Total Cost: KES ${(0.8 * recipients.length).toFixed(4)}`,
          Recipients: recipients,
        },
      });
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages: messages.items,
    requests,
    setBehaviour: (next) => (behaviour = next),
    waitFor: (match, timeoutMs = 10_000) => messages.waitFor(match, timeoutMs),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
