import { createModuleTestApp } from '@dealership/app-schema/testing';
import { leads } from '@dealership/lead-data';
import { outboxMessages } from '@dealership/message-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import { UserModule } from '@dealership/user-server';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LeadModule } from './lead.module';
import { LeadRouter } from './lead.router';

const HOURLY_CAP = 3;

/**
 * Buyers' requests from a script spread over many addresses: each address stayed within its own
 * limits and nothing capped the total. Every address together gets `LEAD_HOURLY_CAP` an hour with
 * their messages, counted in the database so that two instances share one count. Beyond it a
 * request is still taken (a flood must not shut real buyers out), without its messages.
 */
describe('the hourly cap on buyers’ requests from every address together (integration, two instances, real database)', () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  const apps: NestFastifyApplication[] = [];
  const enquiry = { name: 'Amina W.', phone: '0712 345 678', consent: true, message: 'Is it still available?' };
  const caller = (app: NestFastifyApplication, ip: string) => createCallerFactory(app.get(LeadRouter).router)({ user: null, ip });

  beforeAll(async () => {
    handle = await createTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), 'lead-cap-'));
    for (let i = 0; i < 2; i++)
      apps.push(await createModuleTestApp(handle, [UserModule, LeadModule], { userLookup: 'provided', env: { MEDIA_DIR: mediaDir, LEAD_HOURLY_CAP: String(HOURLY_CAP) } }));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('takes LEAD_HOURLY_CAP requests with their messages from distinct addresses on either instance, then more without messages', async () => {
    const taken: string[] = [];
    for (let i = 0; i < HOURLY_CAP + 2; i++) taken.push((await caller(apps[i % 2], `10.40.${i}.1`).create({ ...enquiry, phone: `0712 345 6${String(i).padStart(2, '0')}` })).id);
    expect(await handle.db.select().from(leads)).toHaveLength(HOURLY_CAP + 2);
    const told = new Set((await handle.db.select({ reference: outboxMessages.reference }).from(outboxMessages)).map((row) => row.reference));
    expect(taken.map((id) => told.has(id))).toEqual([...Array.from({ length: HOURLY_CAP }, () => true), false, false]);
  });
});
