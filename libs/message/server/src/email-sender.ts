import type { Transporter } from 'nodemailer';
import type { ChannelMessage, MessageSender } from './channels';
import { SendError } from './channels';

/**
 * Email through an SMTP server (`SMTP_URL`), with nodemailer's pooled connections. nodemailer
 * loads with the first email, not at start: a server that sends none keeps its 1-2 MB of heap.
 */
export class EmailSender implements MessageSender {
  readonly channel = 'email' as const;
  readonly configured = true;
  private transport?: Promise<Transporter>;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
    private readonly timeoutMs: number,
  ) {}

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: this.smtpUrl,
        pool: true,
        maxConnections: 3,
        connectionTimeout: this.timeoutMs,
        greetingTimeout: this.timeoutMs,
        socketTimeout: this.timeoutMs,
      }),
    );
    return this.transport;
  }

  async send(message: ChannelMessage, signal: AbortSignal): Promise<string | null> {
    const transport = await this.transporter();
    const sending = transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject ?? '',
      text: message.text,
      html: message.html ?? undefined,
      // RFC 2369 and 8058: the mail app's own "Unsubscribe" button, which posts to the address at once.
      headers: message.unsubscribeUrl ? { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
    });
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(new SendError('the mail server did not finish in time'));
      if (signal.aborted) fail();
      signal.addEventListener('abort', fail, { once: true });
    });
    try {
      const info = await Promise.race([sending, aborted]);
      if (info.rejected?.length) throw new SendError(`email: the mail server refused ${info.rejected.map(String).join(', ')}: ${info.response}`);
      return info.messageId ?? null;
    } catch (error) {
      if (error instanceof SendError) throw error;
      // nodemailer's errors name the failure (ECONNREFUSED, EAUTH, the server's reply) without the password.
      const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
      throw new SendError(`email: ${[e.code, e.responseCode, e.response ?? e.message].filter(Boolean).join(' ')}`.slice(0, 500));
    }
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}
