import { type ParsedMail, simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { received } from './received';

/** A mail the stub received, as mailparser reads it. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** When its DATA was complete (ms since the epoch). */
  receivedAt: number;
  parsed: ParsedMail;
}

/** How the stub answers: accept every mail, refuse it (a 4xx/5xx reply), or never answer DATA. */
export type SmtpStubBehaviour = 'accept' | 'reject' | 'hang';

export interface SmtpStub {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** How many mails' DATA began (accepted, refused or left hanging). */
  dataStarted(): number;
  setBehaviour(behaviour: SmtpStubBehaviour): void;
  /** Resolves with the first mail (received or yet to come) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A loopback SMTP server (the `smtp-server` package) that keeps what it receives, parsed by
 * `mailparser`: the real nodemailer client talks to it as to a provider. No TLS, any login.
 */
export async function startSmtpStub(port = 0): Promise<SmtpStub> {
  const mails = received<ReceivedMail>((m) => `${m.to.join(',')} "${m.subject}"`, 'mail');
  let behaviour: SmtpStubBehaviour = 'accept';
  let started = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'stub' }),
    onData: (stream, session, callback) => {
      started++;
      if (behaviour === 'hang') {
        stream.resume();
        return; // never answers: the sender times out or is killed
      }
      simpleParser(stream)
        .then((parsed) => {
          if (behaviour === 'reject') return callback(Object.assign(new Error('451 stub: try again later'), { responseCode: 451 }));
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
            parsed,
          };
          mails.add(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    mails: mails.items,
    dataStarted: () => started,
    setBehaviour: (next) => (behaviour = next),
    waitFor: (match, timeoutMs = 10_000) => mails.waitFor(match, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
