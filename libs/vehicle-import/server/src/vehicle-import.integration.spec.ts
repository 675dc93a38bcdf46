import { createModuleTestApp, insertUser, tokenFor } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import { CarCostFieldsSchema } from '@dealership/car-schemas';
import { outboxMessages } from '@dealership/message-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import { type VehicleImportOpenInput, VehicleImportOpenInputSchema } from '@dealership/vehicle-import-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq } from 'drizzle-orm';
import { VehicleImportPersonalData } from './vehicle-import.personal-data';
import { VehicleImportModule } from './vehicle-import.module';
import { VehicleImportRouter } from './vehicle-import.router';
import { VehicleImportService } from './vehicle-import.service';

describe('vehicle imports (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const owner = { id: '', name: 'Boss', email: 'boss@dealer.test', role: 1 as const, staffRole: 'owner' as const };
  const sales = { id: '', name: 'Juma', email: 'juma@dealer.test', role: 1 as const, staffRole: 'sales' as const };
  const buyer = { id: '', name: 'Amina', email: 'amina@example.com', role: 0 as const, staffRole: null };
  const callerFor = (user: TrpcContext['user']) => createCallerFactory(app.get(VehicleImportRouter).router)({ user, ip: '127.0.0.1' });
  const fielder: VehicleImportOpenInput = {
    buyerName: 'Amina Buyer',
    buyerPhone: '0712 345 678',
    buyerEmail: 'amina@example.com',
    make: 'Toyota',
    model: 'Fielder',
    yearOfManufacture: 2024,
    yearOfFirstRegistration: 2024,
    chassisNumber: 'NZE161-3012345',
    agreedPriceKes: 2_100_000,
    depositKes: 500_000,
    expectedArrival: '2027-01-20',
    staffNote: 'Cousin of our mechanic: keep her posted',
  };
  const shipped = { vessel: 'Morning Celesta', voyage: '112A', billOfLading: 'MOLU1234567', portOfLoading: 'Yokohama', estimatedArrival: '2027-01-10' };
  const messagesAbout = (importId: string) => handle.db.select().from(outboxMessages).where(and(eq(outboxMessages.reference, importId), eq(outboxMessages.topic, 'import.milestone')));

  beforeAll(async () => {
    handle = await createTestDatabase();
    owner.id = (await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1, staffRole: 'owner' })).id;
    sales.id = (await insertUser(handle.db, { name: 'Juma', email: 'juma@dealer.test', role: 1, staffRole: 'sales' })).id;
    buyer.id = (await insertUser(handle.db, { name: 'Amina', email: 'amina@example.com' })).id;
    app = await createModuleTestApp(handle, [PaymentModule, VehicleImportModule], { env: { PUBLIC_URL: 'https://cars.example' } });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('refuses a car past the eight-year rule on its arrival, naming the oldest year allowed', async () => {
    const now = new Date('2026-12-06T09:00:00Z');
    const service = app.get(VehicleImportService);
    // Built-in rates of 2026: first registered in 2019 or later; arriving in 2027, in 2020 or later.
    await expect(service.open(VehicleImportOpenInputSchema.parse({ ...fielder, yearOfManufacture: 2019, yearOfFirstRegistration: 2019, expectedArrival: '2027-01-20' }), owner, now)).rejects.toMatchObject({
      field: 'yearOfFirstRegistration',
      message: expect.stringContaining('a car arriving in 2027 must have been first registered in 2020 or later'),
    });
    const opened = await service.open(VehicleImportOpenInputSchema.parse({ ...fielder, yearOfManufacture: 2019, yearOfFirstRegistration: 2019, expectedArrival: '2026-12-30' }), owner, now);
    expect(opened).toMatchObject({ reference: expect.stringMatching(/^IMP-\d{5}$/), warnings: [] });
    // The arrival moves into 2027: staff are warned (the car is bought: nothing is refused), and every estimate is kept.
    for (const [milestone, fields] of [['bought', {}], ['paid-to-supplier', {}], ['export-certificate', {}], ['pre-shipment-inspection', {}]] as const) {
      await service.recordMilestone({ importId: opened.id, milestone, occurredOn: '2026-12-01', fields }, sales, now);
    }
    const late = await service.recordMilestone({ importId: opened.id, milestone: 'shipped', occurredOn: '2026-12-05', fields: { ...shipped, estimatedArrival: '2027-01-12' } }, sales, now);
    expect(late.warnings).toEqual([expect.stringContaining('the oldest year allowed then is 2020')]);
    expect(late.arrivalEstimates.map((estimate) => estimate.estimatedArrival)).toEqual(['2026-12-30', '2027-01-12']);
  });

  it('records milestones in order only, each telling the buyer once; a correction is logged and tells nobody', async () => {
    const opened = await callerFor(sales).open(fielder);
    expect(opened).toMatchObject({ buyerPhone: '+254712345678', stage: null, expectedArrival: '2027-01-20', depositKes: 500_000 });
    await expect(callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'shipped', occurredOn: '2026-12-05', fields: shipped })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Record "Bought" first: milestones are recorded in order',
    });
    await callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'bought', occurredOn: '2026-11-20', fields: { auctionSheet: 'Grade 4.5, interior B' }, staffNote: 'Paid 10% over reserve' });
    expect(await messagesAbout(opened.id)).toHaveLength(2);
    await expect(callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'paid-to-supplier', occurredOn: '2026-11-19', fields: {} })).rejects.toMatchObject({
      message: 'The date cannot be before Bought (2026-11-20)',
    });
    // The same milestone again: a correction, in the activity log, and no second message.
    const corrected = await callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'bought', occurredOn: '2026-11-21', fields: {} });
    expect(corrected.milestones).toEqual([expect.objectContaining({ milestone: 'bought', occurredOn: '2026-11-21', correctedAt: expect.any(String) })]);
    expect(await messagesAbout(opened.id)).toHaveLength(2);
    const log = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, opened.id));
    expect(log.map((event) => event.recordLabel)).toEqual(expect.arrayContaining([expect.stringMatching(/: Bought \(corrected\)$/)]));

    for (const milestone of ['paid-to-supplier', 'export-certificate', 'pre-shipment-inspection'] as const) {
      await callerFor(sales).recordMilestone({ importId: opened.id, milestone, occurredOn: '2026-11-25', fields: {} });
    }
    const onBoard = await callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'shipped', occurredOn: '2026-12-01', fields: shipped });
    expect(onBoard).toMatchObject({ stage: 'shipped', expectedArrival: '2027-01-10' });
    const sms = (await messagesAbout(opened.id)).filter((message) => message.channel === 'sms');
    expect(sms).toHaveLength(5);
    expect(sms.at(-1)?.bodyText).toMatch(
      /^Your import IMP-\d{5} \(2024 Toyota Fielder\): shipped on the Morning Celesta, expected at Mombasa about 10 Jan 2027\. Track it: https:\/\/cars\.example\/imports\/track\/[\w.-]+$/,
    );
  });

  it("shows the buyer's tracking page for its token only, and nothing staff keep to themselves", async () => {
    const opened = await callerFor(owner).open({ ...fielder, chassisNumber: 'NZE161-3099999' });
    for (const milestone of ['bought', 'paid-to-supplier', 'export-certificate', 'pre-shipment-inspection'] as const) {
      await callerFor(sales).recordMilestone({ importId: opened.id, milestone, occurredOn: '2026-11-25', fields: {} });
    }
    await callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'shipped', occurredOn: '2026-12-01', fields: shipped, staffNote: 'Exporter owes us a discount' });
    await callerFor(sales).recordPayment({ importId: opened.id, amountKes: 500_000, method: 'mpesa', reference: 'QK12ABCDEF', receivedOn: '2026-11-20' });
    const token = opened.trackingUrl.split('/').at(-1) ?? '';
    const page = await callerFor(null).track({ token });
    expect(page).toMatchObject({ car: '2024 Toyota Fielder', vessel: 'Morning Celesta', expectedArrival: '2027-01-10', agreedPriceKes: 2_100_000, paidKes: 500_000, dueKes: 1_600_000 });
    expect(page.timeline.find((step) => step.milestone === 'shipped')?.details).toEqual([
      { label: 'Vessel', value: 'Morning Celesta' },
      { label: 'Voyage', value: '112A' },
      { label: 'Port of loading', value: 'Yokohama' },
      { label: 'Estimated arrival', value: '10 Jan 2027' },
    ]);
    expect(page.timeline.find((step) => step.milestone === 'delivered')).toEqual({ milestone: 'delivered', occurredOn: null, details: [] });
    expect(JSON.stringify(page)).not.toMatch(/discount|mechanic|MOLU|NZE161|\+2547|amina@|QK12/);
    // Another import's id under this signature, a changed signature, a bare id: not found.
    const [, signature] = token.split('.');
    for (const forged of [`0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50.${signature}`, `${opened.id}.${signature.slice(1)}x`, opened.id]) {
      await expect(callerFor(null).track({ token: forged })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('lets sales record milestones and payments but only owners change the price; buyers see their own imports', async () => {
    const opened = await callerFor(sales).open({ ...fielder, buyerUserId: buyer.id, chassisNumber: 'NZE161-3055555' });
    await expect(callerFor(sales).setPrice({ importId: opened.id, agreedPriceKes: 1, depositKes: 0 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(buyer).recordMilestone({ importId: opened.id, milestone: 'bought', occurredOn: '2026-11-20', fields: {} })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(owner).setPrice({ importId: opened.id, agreedPriceKes: 2_000_000, depositKes: 2_500_000 })).rejects.toMatchObject({ message: 'The deposit cannot be more than the agreed price' });
    expect(await callerFor(owner).setPrice({ importId: opened.id, agreedPriceKes: 2_000_000, depositKes: 400_000 })).toMatchObject({ agreedPriceKes: 2_000_000, depositKes: 400_000 });
    expect(await callerFor(buyer).mine()).toEqual([expect.objectContaining({ reference: opened.reference, car: '2024 Toyota Fielder', trackingUrl: expect.stringMatching(/^\/imports\/track\//) })]);

    // An import requested without signing in reaches the account that proved its phone, not one that merely typed it.
    const phoned = await callerFor(sales).open({ ...fielder, buyerPhone: '0733 100 200', chassisNumber: 'NZE161-3066666' });
    const proved = await insertUser(handle.db, { name: 'Proved', email: 'proved@example.com', phone: '0733100200', verifiedPhone: '+254733100200' });
    const typed = await insertUser(handle.db, { name: 'Typed', email: 'typed@example.com', phone: '0733100200' });
    const asAccount = (id: string) => callerFor({ id, name: 'x', email: 'x@example.com', role: 0, staffRole: null });
    expect((await asAccount(proved.id).mine()).map((item) => item.reference)).toEqual([phoned.reference]);
    expect(await asAccount(typed.id).mine()).toEqual([]);

    // Their data export carries it without the staff's notes; their account's deletion takes their name off it.
    const personal = app.get(VehicleImportPersonalData);
    const exported = (await personal.exportOf({ userId: buyer.id, verifiedEmail: null, verifiedPhone: null })) as { reference: string }[];
    expect(exported.map((item) => item.reference)).toEqual([opened.reference]);
    expect(JSON.stringify(exported)).not.toContain('mechanic');
    const forgotten = await handle.db.transaction((tx) => personal.forget({ userId: buyer.id, verifiedEmail: null, verifiedPhone: null }, tx));
    expect(forgotten.counts.importsAnonymised).toBe(1);
    expect(await callerFor(owner).byId({ id: opened.id })).toMatchObject({ buyerName: 'Deleted buyer', buyerPhone: '', buyerEmail: null, buyerUserId: null, agreedPriceKes: 2_000_000 });
  });

  it('shows the board by stage with the overdue marked, and the figures of the report', async () => {
    const service = app.get(VehicleImportService);
    const opened = await callerFor(owner).open({ ...fielder, chassisNumber: 'NZE161-3077777', buyerName: 'Board Buyer' });
    const onlyBought = await callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'bought', occurredOn: '2026-11-01', fields: {} });
    await callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'paid-to-supplier', occurredOn: '2026-11-02', fields: {} });
    const board = await service.board({ search: 'Board Buyer' }, new Date('2026-12-06T09:00:00Z'));
    expect(board.cards).toEqual([expect.objectContaining({ reference: opened.reference, stage: 'paid-to-supplier', overdue: 'No Shipped 21 days after Paid to supplier' })]);
    expect(board.counts['paid-to-supplier']).toBe(1);
    // Duty paid: the estimator's rates of that day sit beside KRA's figures.
    for (const milestone of ['export-certificate', 'pre-shipment-inspection'] as const) {
      await callerFor(sales).recordMilestone({ importId: opened.id, milestone, occurredOn: '2026-11-03', fields: {} });
    }
    await callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'shipped', occurredOn: '2026-11-04', fields: shipped });
    await callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'arrived', occurredOn: '2026-12-01', fields: {} });
    const paid = await callerFor(sales).recordMilestone({ importId: opened.id, milestone: 'duty-paid', occurredOn: '2026-12-03', fields: { kraEntryNumber: '2026MSA1234567', dutyKes: 612_000 } });
    expect(paid.dutyRatesOnDutyPaid).toMatchObject({ importDuty: 0.35, vat: 0.16 });
    expect(onlyBought.dutyRatesOnDutyPaid).toBeNull();
    const all = await service.board({}, new Date('2026-12-06T09:00:00Z'));
    // Shipped and not arrived: the three imports of the tests above (this one has arrived).
    expect(all.report).toMatchObject({ inTransit: 3, medianDaysBoughtToDelivered: null, moneyHeldKes: 500_000 });
  });

  it("keeps an import's papers private: staff see every one, the buyer's link only those shared", async () => {
    const opened = await callerFor(owner).open({ ...fielder, chassisNumber: 'NZE161-3088888' });
    const other = await callerFor(owner).open({ ...fielder, chassisNumber: 'NZE161-3088889' });
    const token = await tokenFor(app, sales.id);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const upload = (title: string, shared: boolean) => {
      const boundary = '----import-paper';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="paper.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const url = `/api/imports/${opened.id}/documents?title=${encodeURIComponent(title)}&shared=${shared}`;
      return app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    expect((await upload('Bill of lading', true)).statusCode).toBe(201);
    const withPapers = (await upload('Auction sheet', false)).json<{ documents: { id: string; title: string; url: string }[] }>();
    const [billOfLading, auctionSheet] = withPapers.documents;
    const trackingToken = opened.trackingUrl.split('/').at(-1) ?? '';
    const page = await callerFor(null).track({ token: trackingToken });
    expect(page.documents.map((document) => document.title)).toEqual(['Bill of lading']);
    const get = (url: string, bearer?: string) => app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
    const forBuyer = await get(page.documents[0].url);
    expect([forBuyer.statusCode, forBuyer.headers['content-type'], forBuyer.headers['cache-control']]).toEqual([200, 'application/pdf', 'private, no-store']);
    // Not shared, another import's link, no link at all: nothing. Staff: everything.
    const otherToken = other.trackingUrl.split('/').at(-1) ?? '';
    for (const url of [`${auctionSheet.url}?token=${encodeURIComponent(trackingToken)}`, `${billOfLading.url}?token=${encodeURIComponent(otherToken)}`, billOfLading.url]) {
      expect((await get(url)).statusCode).toBe(404);
    }
    expect((await get(auctionSheet.url, token)).statusCode).toBe(200);
    // Sharing is the staff's choice, both ways.
    await callerFor(sales).shareDocument({ documentId: billOfLading.id, sharedWithBuyer: false });
    expect((await callerFor(null).track({ token: trackingToken })).documents).toEqual([]);
    expect((await callerFor(sales).removeDocument({ documentId: auctionSheet.id })).documents.map((document) => document.title)).toEqual(['Bill of lading']);
  });

  it("gives owners the costs an import recorded, as cost lines the car's Costs section accepts", async () => {
    const opened = await callerFor(sales).open({ ...fielder, chassisNumber: 'ZRE212-0099887', purchaseCurrency: 'JPY', purchasePrice: 1_200_000, exchangeRate: 0.87, auctionHouse: 'USS Tokyo' });
    for (const [milestone, fields] of [
      ['bought', {}],
      ['paid-to-supplier', {}],
      ['export-certificate', {}],
      ['pre-shipment-inspection', {}],
      ['shipped', shipped],
      ['arrived', {}],
      ['duty-paid', { kraEntryNumber: '2026MSA7654321', dutyKes: 480_000, otherChargesKes: 35_000 }],
    ] as const) {
      await callerFor(sales).recordMilestone({ importId: opened.id, milestone, occurredOn: '2026-12-06', fields });
    }
    // Typed as a car's chassis number may be (lower case, a space): the import's is found.
    const found = await callerFor(owner).costsForChassis({ chassisNumber: 'zre212 0099887' });
    expect(found).toEqual({
      importId: opened.id,
      reference: opened.reference,
      costs: [
        { kind: 'purchase', currency: 'JPY', amount: 1_200_000, exchangeRate: 0.87, supplier: 'USS Tokyo', receipt: opened.reference },
        { kind: 'duty', currency: 'KES', amount: 480_000, supplier: 'KRA', receipt: '2026MSA7654321' },
        { kind: 'clearing', currency: 'KES', amount: 35_000, supplier: 'KRA', receipt: '2026MSA7654321' },
      ],
    });
    // Each is a cost line as the car domain takes it (the purchase in shillings at the rate: 1,044,000).
    expect(found?.costs.map((cost) => CarCostFieldsSchema.parse(cost).amountKes)).toEqual([1_044_000, 480_000, 35_000]);
    expect(await callerFor(owner).costsForChassis({ chassisNumber: 'ABC123-0000001' })).toBeNull();
    await expect(callerFor(sales).costsForChassis({ chassisNumber: 'ZRE212-0099887' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
