import { DEFAULT_DUTY_RATES, DEFAULT_FINANCE_SETTINGS, DEFAULT_RESERVATION_RULES, type ReservationRules, type SettingCreateInput } from '@dealership/setting-schemas';
import { createModuleTestApp, insertUser } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { SettingModule } from './setting.module';
import { SettingRouter } from './setting.router';
import { BUILT_IN_SETTING, SettingService } from './setting.service';

describe('rate sets (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const admin = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const, staffRole: 'owner' as const };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(SettingRouter).router)({ user, ip: '127.0.0.1' });
  const rates = (effectiveFrom: string, vat = 0.16): SettingCreateInput => ({
    effectiveFrom,
    duty: { ...DEFAULT_DUTY_RATES, vat },
    finance: DEFAULT_FINANCE_SETTINGS,
  });

  beforeAll(async () => {
    handle = await createTestDatabase();
    admin.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 })).id;
    app = await createModuleTestApp(handle, [SettingModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('starts with the seeded November 2026 rates, in force for everyone', async () => {
    const page = await callerFor(admin).list({});
    expect(page.items.map(({ effectiveFrom, duty, finance, reservation }) => ({ effectiveFrom, duty, finance, reservation }))).toEqual([BUILT_IN_SETTING]);
    expect(await callerFor(null).current()).toEqual(BUILT_IN_SETTING);
  });

  it('uses the latest set that has taken effect in Nairobi; a later one waits for its day', async () => {
    const setting = callerFor(admin);
    const july = await setting.create({ ...rates('2027-07-01', 0.18), note: ' Finance Act 2027 ' });
    expect(july).toMatchObject({ effectiveFrom: '2027-07-01', note: 'Finance Act 2027' });
    const service = app.get(SettingService);
    expect((await service.current(new Date('2027-06-30T20:59:59Z'))).duty.vat).toBe(0.16);
    // 21:00 UTC on 30 June is midnight in Nairobi.
    expect((await service.current(new Date('2027-06-30T21:00:00Z'))).duty.vat).toBe(0.18);
    expect((await setting.list({})).items.map((item) => item.effectiveFrom)).toEqual(['2027-07-01', '2026-11-01']);

    const audit = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, july.id));
    expect(audit).toMatchObject([{ entity: 'setting', action: 'create', recordLabel: 'Rates from 2027-07-01', actorId: admin.id }]);
    await setting.remove({ id: july.id });
  });

  it('corrects a set in place, and refuses a second set on the same date, naming the field', async () => {
    const setting = callerFor(admin);
    const created = await setting.create(rates('2028-01-01'));
    const corrected = await setting.update({ id: created.id, finance: { ...DEFAULT_FINANCE_SETTINGS, annualRatePercent: 13.5 } });
    expect(corrected).toMatchObject({ effectiveFrom: '2028-01-01', finance: { annualRatePercent: 13.5 }, duty: DEFAULT_DUTY_RATES });
    await expect(setting.create(rates('2028-01-01'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'A rate set already takes effect on 2028-01-01: change that one instead',
      cause: expect.objectContaining({ field: 'effectiveFrom' }),
    });
    await expect(setting.update({ id: created.id, effectiveFrom: '2026-11-01' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await setting.remove({ id: created.id });
    await expect(setting.byId({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Rate set not found' });
    await expect(setting.update({ id: created.id, note: 'Gone' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(setting.remove({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps the reservation rules in each set: given, carried over from the set before when left out, changed only when given, audited', async () => {
    const setting = callerFor(admin);
    const service = app.get(SettingService);
    const strict: ReservationRules = {
      deposit: { kind: 'percent', percent: 2.5 },
      paidHoldDays: 7,
      unpaidHoldHours: 24,
      reminderHoursBeforeExpiry: 3,
      maxUnpaidPerBuyer: 1,
      maxUnpaidCarsPerBuyer: 2,
      maxUnpaidCarsPerAddress: 4,
      tradeInOfferValidDays: 10,
    };
    const march = await setting.create({ ...rates('2031-03-01'), reservation: strict });
    expect(march.reservation).toEqual(strict);
    expect(await service.reservationRules(new Date('2031-03-01T09:00:00Z'))).toEqual(strict);
    expect(await service.reservationRules(new Date('2031-02-28T09:00:00Z'))).toEqual(DEFAULT_RESERVATION_RULES);

    // A later set that leaves them out (a new VAT rate) goes on with March's rules; one dated before March with the defaults before it.
    const may = await setting.create(rates('2031-05-01', 0.18));
    expect(may.reservation).toEqual(strict);
    expect((await setting.create(rates('2031-01-01'))).reservation).toEqual(DEFAULT_RESERVATION_RULES);

    // A correction without them leaves them; with them, replaces them.
    expect((await setting.update({ id: may.id, note: 'VAT 18%' })).reservation).toEqual(strict);
    const looser = { ...strict, deposit: { kind: 'fixed' as const, amount: 75_000 }, maxUnpaidPerBuyer: 3 };
    const corrected = await setting.update({ id: may.id, reservation: looser });
    expect(corrected).toMatchObject({ reservation: looser, note: 'VAT 18%', duty: { vat: 0.18 } });
    expect(await service.reservationRules(new Date('2031-05-01T09:00:00Z'))).toEqual(looser);

    const audit = await handle.db
      .select({ action: auditEvents.action, changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, may.id))
      .orderBy(auditEvents.createdAt);
    expect(audit.map((event) => [event.action, event.changes['reservation']])).toEqual([
      ['create', { after: strict }],
      ['update', undefined],
      ['update', { before: strict, after: looser }],
    ]);
    for (const { id } of (await setting.list({})).items.filter((item) => item.effectiveFrom.startsWith('2031'))) await setting.remove({ id });
  });

  it('refuses reservation rules out of bounds with the field named', async () => {
    const setting = callerFor(admin);
    await expect(setting.create({ ...rates('2032-01-01'), reservation: { ...DEFAULT_RESERVATION_RULES, unpaidHoldHours: 6 } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('reminderHoursBeforeExpiry must be less than the hours a reservation without a deposit is held (unpaidHoldHours)'),
    });
    const [only] = (await setting.list({})).items;
    await expect(setting.update({ id: only.id, reservation: { ...DEFAULT_RESERVATION_RULES, deposit: { kind: 'fixed', amount: 20_000_000 } } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('deposit.amount must be at most KES 10,000,000'),
    });
    expect((await setting.byId({ id: only.id })).reservation).toEqual(DEFAULT_RESERVATION_RULES);
  });

  it('never deletes the last rate set', async () => {
    const [only] = (await callerFor(admin).list({})).items;
    await expect(callerFor(admin).remove({ id: only.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The last rate set cannot be deleted: the duty estimator and the financing calculator need one',
    });
  });

  it('refuses invalid rates with the field named', async () => {
    await expect(callerFor(admin).create({ ...rates('2029-01-01'), duty: { ...DEFAULT_DUTY_RATES, importDuty: -0.1 } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('importDuty must be at least 0%'),
    });
  });

  it('lets only admins read the list and write; anyone reads the rates in force', async () => {
    const customer = { ...admin, role: 0 as const, staffRole: null };
    await expect(callerFor(customer).create(rates('2030-01-01'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).create(rates('2030-01-01'))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(customer).list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(customer).current()).resolves.toMatchObject({ effectiveFrom: '2026-11-01' });
  });
});
