import { startSmsStub, startSmtpStub, type SmsStub, type SmtpStub } from '@dealership/shared-provider-stubs';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { bundle, exited, listener, run as runServer, type ServerProcess, waitForHealth } from './server-process.testing';

// Set by the Jest preset from TEST_DATABASE_URL (the PostgreSQL profile).
const serverUrl = (globalThis as { __TEST_DATABASE_URL__?: string }).__TEST_DATABASE_URL__;

/** Waits until `done()` holds, polling; fails with `what` after `timeoutMs`. */
async function until(done: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let leadSequence = 0;
/** A buyer's enquiry through tRPC, as the site's form sends it, from an address of its own (the lead throttle counts per address). */
/** A lead from a new address; each buyer's own number (an address gets only a few acknowledgements an hour). */
async function sendLead(port: number, name: string): Promise<string> {
  const sequence = ++leadSequence;
  const phone = `+2547123${String(sequence).padStart(5, '0')}`;
  const response = await fetch(`http://127.0.0.1:${port}/trpc/lead.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${Math.floor(sequence / 250)}.${sequence % 250}` },
    body: JSON.stringify({ name, phone, consent: true, message: `Is the car still available? (${name})` }),
  });
  if (!response.ok) throw new Error(`lead.create answered ${response.status}: ${await response.text()}`);
  return phone;
}

/**
 * The outbox through the built server, as `npm start` runs it: a message survives the process
 * being killed mid-send, and several instances on one PostgreSQL send each message once.
 */
describe('messages across crashes and instances (built bundle, loopback SMTP and SMS stubs)', () => {
  let root: string;
  let smtp: SmtpStub;
  let sms: SmsStub;
  const running: ServerProcess[] = [];
  const messagingEnv = () => ({
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    ADMIN_EMAIL: 'admin@dealer.test',
    ADMIN_PASSWORD: 'admin-password-123',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'sales@dealer.test',
    AFRICASTALKING_USERNAME: 'sandbox',
    AFRICASTALKING_API_KEY: 'stub-key',
    AFRICASTALKING_API_URL: sms.url,
    LEAD_ALERT_PHONES: '+254700111222',
    // A claim lasts twice this: a message whose sender died is taken again 4 s later.
    MESSAGE_SEND_TIMEOUT_MS: '2000',
  });
  const start = async (env: Record<string, string>) => {
    const socket = await listener();
    const { port } = socket;
    const child = runServer({ ...messagingEnv(), ...env }, socket);
    running.push(child);
    await waitForHealth(port, child);
    return { port, child };
  };

  beforeAll(async () => {
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npx nx run server:build`);
    root = mkdtempSync(join(tmpdir(), 'messages-'));
    [smtp, sms] = await Promise.all([startSmtpStub(), startSmsStub()]);
  });

  afterEach(async () => {
    for (const child of running.splice(0)) {
      child.kill('SIGKILL');
      await exited(child);
    }
    smtp.setBehaviour('accept');
    sms.setBehaviour('accept');
  });

  afterAll(async () => {
    await Promise.all([smtp?.close(), sms?.close()]);
    rmSync(root, { recursive: true, force: true });
  });

  it("a server killed (SIGKILL) while it sends a lead's email loses nothing: after the restart the email goes out", async () => {
    const dataDir = join(root, 'crash');
    const first = await start({ DATA_DIR: dataDir });
    smtp.setBehaviour('hang');
    const before = smtp.dataStarted();
    const buyer = await sendLead(first.port, 'Crash Test Buyer');
    // The lead is committed and its email is on the wire: the mail server has the DATA but never answers.
    await until(() => smtp.dataStarted() > before, 'the server to start sending the email');
    first.child.kill('SIGKILL');
    expect(await exited(first.child)).toBeNull();
    expect(smtp.mails.some((m) => m.subject.includes('Crash Test Buyer'))).toBe(false);

    smtp.setBehaviour('accept');
    await start({ DATA_DIR: dataDir });
    const mail = await smtp.waitFor((m) => m.subject === 'New enquiry: Crash Test Buyer', 30_000);
    expect(mail.to).toEqual(['admin@dealer.test']);
    // The buyer's and the staff's SMS went out once, before or after the crash.
    await until(() => sms.messages.filter((m) => m.message.includes('Crash Test Buyer')).length === 1, 'the staff SMS');
    expect(sms.messages.filter((m) => m.to === buyer && m.message.startsWith('Mombasa Car Dealership: thank you,'))).toHaveLength(1);
  }, 120_000);

  // Several processes on one database need a PostgreSQL server (the embedded database belongs to
  // one process): this test runs in the PostgreSQL profile (`npm run test:reliability` with
  // TEST_DATABASE_URL, `.ci/run`).
  if (serverUrl)
    it("three servers on one PostgreSQL send each of 30 leads' messages exactly once", async () => {
      const name = `dealership_messages_${randomBytes(4).toString('hex')}`;
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const shared = { DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString('base64'), MEDIA_DIR: join(root, 'media') };
      try {
        // The first migrates the database; the others join it.
        const servers = [await start({ ...shared, DATA_DIR: join(root, 'pg-0') })];
        servers.push(...(await Promise.all([1, 2].map((i) => start({ ...shared, DATA_DIR: join(root, `pg-${i}`) })))));
        const names = Array.from({ length: 30 }, (_, i) => `Triple ${i} ${randomBytes(2).toString('hex')}`);
        const phones = await Promise.all(names.map((buyer, i) => sendLead(servers[i % 3].port, buyer)));
        const acknowledgements = () => sms.messages.filter((m) => phones.includes(m.to) && m.message.startsWith('Mombasa Car Dealership: thank you,'));

        for (const buyer of names) await smtp.waitFor((m) => m.subject === `New enquiry: ${buyer}`, 30_000);
        await until(() => sms.messages.filter((m) => m.message.startsWith('New enquiry: Triple')).length >= 30, 'the staff SMS');
        await until(() => acknowledgements().length >= 30, "the buyers' SMS");
        // Time for a duplicate to show up, were there one.
        await new Promise((resolve) => setTimeout(resolve, 2000));
        for (const buyer of names) {
          expect(smtp.mails.filter((m) => m.subject === `New enquiry: ${buyer}`)).toHaveLength(1);
          expect(sms.messages.filter((m) => m.message.startsWith(`New enquiry: ${buyer} `))).toHaveLength(1);
        }
        expect(acknowledgements()).toHaveLength(30);
        const db = new Client({ connectionString: url.toString() });
        await db.connect();
        const { rows } = await db.query<{ status: string; attempts: number; n: string }>(
          'select status, attempts, count(*) as n from outbox_messages group by 1, 2',
        );
        await db.end();
        expect(rows).toEqual([{ status: 'sent', attempts: 1, n: '90' }]);
      } finally {
        for (const child of running.splice(0)) {
          child.kill('SIGKILL');
          await exited(child);
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      }
    }, 180_000);
});
