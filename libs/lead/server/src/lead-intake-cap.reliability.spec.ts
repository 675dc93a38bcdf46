import { createModuleTestApp } from '@dealership/app-schema/testing';
import { leads } from '@dealership/lead-data';
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
 * limits and nothing capped the total. Now every address together gets `LEAD_HOURLY_CAP` an hour,
 * counted in the database so that two instances share one count: beyond it, 503 with a wait.
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

  it('takes LEAD_HOURLY_CAP requests from distinct addresses on either instance, then refuses a fresh address with 503 and a wait', async () => {
    for (let i = 0; i < HOURLY_CAP; i++) await expect(caller(apps[i % 2], `10.40.${i}.1`).create(enquiry)).resolves.toEqual({ id: expect.any(String) });
    const refusal = await caller(apps[1], '10.40.99.1')
      .create(enquiry)
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/^We are receiving unusually many requests\. Please try again in /) });
    expect((refusal as { cause?: { retryAfterSeconds?: number } }).cause?.retryAfterSeconds).toBeGreaterThan(0);
    expect(await handle.db.select().from(leads)).toHaveLength(HOURLY_CAP);
  });
});
