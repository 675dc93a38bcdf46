import { createTransport } from 'nodemailer';
import { startSmsStub } from './sms-stub';
import { startSmtpStub } from './smtp-stub';

// The stubs answer real clients as the providers do: nodemailer over SMTP, fetch in Africa's Talking's shapes.
describe('the SMTP stub', () => {
  it('keeps what nodemailer sends, parsed, and refuses or hangs on demand', async () => {
    const smtp = await startSmtpStub();
    const mailer = createTransport({ url: smtp.url, socketTimeout: 1000, greetingTimeout: 1000, connectionTimeout: 1000 });
    try {
      const arriving = smtp.waitFor((m) => m.subject === 'Hello');
      await mailer.sendMail({ from: 'a@dealer.test', to: 'b@buyer.test', subject: 'Hello', text: 'Plain body', html: '<p>HTML body</p>' });
      expect(await arriving).toMatchObject({ to: ['b@buyer.test'], from: 'a@dealer.test', text: 'Plain body', html: '<p>HTML body</p>' });

      smtp.setBehaviour('reject');
      await expect(mailer.sendMail({ from: 'a@dealer.test', to: 'c@buyer.test', subject: 'Refused', text: 'x' })).rejects.toMatchObject({ responseCode: 451 });
      smtp.setBehaviour('hang');
      const started = smtp.dataStarted();
      await expect(mailer.sendMail({ from: 'a@dealer.test', to: 'd@buyer.test', subject: 'Hung', text: 'x' })).rejects.toThrow();
      expect(smtp.dataStarted()).toBe(started + 1);
      expect(smtp.mails.map((m) => m.subject)).toEqual(['Hello']);
      await expect(smtp.waitFor((m) => m.subject === 'Never', 50)).rejects.toThrow('no mail matched within 50 ms (received: b@buyer.test "Hello")');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});

describe("the Africa's Talking stub", () => {
  it('answers POST /version1/messaging in their documented shape, and fails on demand', async () => {
    const sms = await startSmsStub();
    const post = (body: Record<string, string>) =>
      fetch(`${sms.url}/version1/messaging`, {
        method: 'POST',
        headers: { apiKey: 'key-1', Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
    try {
      const sent = await post({ username: 'sandbox', to: '+254712345678', message: 'Hello', from: 'DEALER' });
      expect(sent.status).toBe(201);
      expect(await sent.json()).toEqual({
        SMSMessageData: {
          Message: 'Sent to 1/1 Total Cost: KES 0.8000',
          Recipients: [{ statusCode: 101, number: '+254712345678', status: 'Success', cost: 'KES 0.8000', messageId: 'ATXid_stub1' }],
        },
      });
      expect(sms.messages).toEqual([expect.objectContaining({ to: '+254712345678', message: 'Hello', from: 'DEALER', username: 'sandbox', apiKey: 'key-1' })]);

      sms.setBehaviour('invalidNumber');
      const invalid = (await (await post({ username: 'sandbox', to: '+254000', message: 'x' })).json()) as {
        SMSMessageData: { Recipients: { status: string }[] };
      };
      expect(invalid.SMSMessageData.Recipients[0].status).toBe('InvalidPhoneNumber');
      sms.setBehaviour('unauthorized');
      expect((await post({ username: 'sandbox', to: '+254712345678', message: 'x' })).status).toBe(401);
      sms.setBehaviour('error500');
      expect((await post({ username: 'sandbox', to: '+254712345678', message: 'x' })).status).toBe(500);
      expect(sms.messages).toHaveLength(1);
    } finally {
      await sms.close();
    }
  });
});
