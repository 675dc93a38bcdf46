import { DEFAULT_OPENING_HOURS, defaultSiteContent, siteContentFields } from '@dealership/content-schemas';
import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { ContentChanges } from './content-changes';
import { ContentRouter } from './content.router';
import { ContentModule } from './content.module';
import { ContentService } from './content.service';

const DEALER_PHONE = '+254 711 222 333';

/** Polls `read` until `done` holds (a notification from another connection takes a moment on a server). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const fieldsOf = siteContentFields;

describe('site content (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  /** A second instance on the same database, with a cache of its own. */
  let other: NestFastifyApplication;
  const owner = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const, staffRole: 'owner' as const };
  const callerFor = (user: TrpcContext['user'], on = app) => createCallerFactory(on.get(ContentRouter).router)({ user, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    owner.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 })).id;
    const env = { env: { DEALER_PHONE } };
    app = await createModuleTestApp(handle, [ContentModule], env);
    other = await createModuleTestApp(handle, [ContentModule], env);
    for (const instance of [app, other])
      await eventually(
        async () => instance.get(ContentChanges).version,
        (version) => version !== undefined,
      );
  });

  afterAll(async () => {
    await other?.close();
    await app?.close();
    await handle?.close();
  });

  it("starts as the site has always been: the spec's FAQ, its hours and the configured phone", async () => {
    const content = await callerFor(null).current();
    expect(content).toEqual(defaultSiteContent(DEALER_PHONE));
    expect(content.faq[1].answer).toContain('import duty of 35%');
    expect(content.hours).toEqual(DEFAULT_OPENING_HOURS);
    // Read from memory after the first time.
    expect(await callerFor(null).current()).toBe(content);
  });

  it('lets the owner edit it, in the activity log with each changed field before and after', async () => {
    const before = await callerFor(null).current();
    const edited = {
      ...fieldsOf(defaultSiteContent(DEALER_PHONE)),
      faq: [{ question: 'Do you take trade-ins?', answer: '  Yes, any make.  ' }, ...before.faq.slice(1)],
      hours: { ...before.hours, saturday: { closed: false, open: '09:00', close: '15:00' } },
      email: 'sales@dealer.test',
    };
    const updated = await callerFor(owner).update(edited);
    expect(updated).toMatchObject({ version: 1, email: 'sales@dealer.test', phone: DEALER_PHONE, hours: { saturday: { open: '09:00', close: '15:00' } } });
    expect(updated.faq[0]).toEqual({ question: 'Do you take trade-ins?', answer: 'Yes, any make.' });
    expect(await callerFor(null).current()).toEqual(updated);

    const [event] = await handle.db.select().from(auditEvents).where(eq(auditEvents.entity, 'content')).orderBy(asc(auditEvents.createdAt));
    expect(event).toMatchObject({ action: 'update', actorId: owner.id, recordLabel: 'Site content' });
    expect(Object.keys(event.changes).sort()).toEqual(['email', 'faq', 'hours']);
    expect(event.changes['email']).toEqual({ before: '', after: 'sales@dealer.test' });
    expect((event.changes['hours'].before as typeof DEFAULT_OPENING_HOURS).saturday).toEqual(DEFAULT_OPENING_HOURS.saturday);

    // The configured phone is kept as "the configured one"; another number is stored.
    const [{ phone }] = ((await handle.db.execute(sql`select phone from site_content`)) as unknown as { rows: { phone: string | null }[] }).rows;
    expect(phone).toBeNull();
    expect((await callerFor(owner).update({ ...edited, phone: '+254 722 000 111' })).phone).toBe('+254 722 000 111');
  });

  it('shows an edit on another instance at once (its cache dropped by the notification)', async () => {
    const reader = other.get(ContentService);
    const seen = await reader.current();
    expect(await reader.current()).toBe(seen);
    await callerFor(owner).update({ ...fieldsOf({ ...seen }), address: 'Nyali Road, Mombasa' });
    const fresh = await eventually(
      () => reader.current(),
      (content) => content.address === 'Nyali Road, Mombasa',
    );
    expect(fresh.address).toBe('Nyali Road, Mombasa');
    expect(fresh.version).toBe(seen.version + 1);
    expect((await reader.openingHours()).saturday).toEqual(fresh.hours.saturday);
  });

  it('reads the database every time while notifications are not heard', async () => {
    const changes = other.get(ContentChanges);
    const reader = other.get(ContentService);
    changes.setListening(false);
    try {
      const first = await reader.current();
      expect(await reader.current()).not.toBe(first);
    } finally {
      changes.setListening(true);
    }
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const fields = fieldsOf(defaultSiteContent(DEALER_PHONE));
    const hours = { ...fields.hours, saturday: { closed: false, open: '14:00', close: '13:00' } };
    // The first issue is the 400's message (the tRPC error formatter), its path the field.
    const firstIssue = (message: string, path: (string | number)[]) => ({ code: 'BAD_REQUEST', cause: { issues: [expect.objectContaining({ message, path })] } });
    await expect(callerFor(owner).update({ ...fields, hours })).rejects.toMatchObject(
      firstIssue('Saturday closing time must be after its opening time', ['hours', 'saturday', 'close']),
    );
    await expect(callerFor(owner).update({ ...fields, mapUrl: 'javascript:alert(1)' })).rejects.toMatchObject(
      firstIssue('Map link must be a web address starting with https://', ['mapUrl']),
    );
    await expect(callerFor(owner).update({ ...fields, faq: [{ question: 'Why?', answer: '' }] })).rejects.toMatchObject(firstIssue('Answer is required', ['faq', 0, 'answer']));
  });

  it('lets only the owner edit, and anyone read', async () => {
    const fields = fieldsOf(defaultSiteContent(DEALER_PHONE));
    await expect(callerFor({ ...owner, staffRole: 'sales' }).update(fields)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor({ ...owner, role: 0, staffRole: null }).update(fields)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).update(fields)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
