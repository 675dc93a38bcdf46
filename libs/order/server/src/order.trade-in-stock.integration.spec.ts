import { auditEvents } from '@dealership/audit-data';
import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { CarModule, CarRouter } from '@dealership/car-server';
import { leads } from '@dealership/lead-data';
import { MediaService } from '@dealership/media-server';
import { type DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { createCallerFactory } from '@dealership/server-trpc';
import { SettingService } from '@dealership/setting-server';
import { nairobiDate } from '@dealership/shared-util';
import { tradeInOffers } from '@dealership/trade-in-offer-data';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { setReservationRules } from './order-history.fixture';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

const DAY = 86_400_000;

// Issue 46: the traded car enters the stock. When an order credited with a trade-in offer is
// delivered, the car becomes a draft ("Trade-ins to list") with what the buyer's request said of it
// and their photos; staff list it through Create Car, and the new car has a purchase cost equal to
// the offer. Once per offer; an undone delivery takes back a draft not yet listed; no purchase
// figure reaches the sales staff. Real routers, database and media store.
describe('a delivered trade-in enters the stock (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let mediaDir: string;
  const owner = { id: '', name: 'Zawadi Owner', email: 'zawadi@dealer.test', role: 1 as const, staffRole: 'owner' as const };
  const sales = { id: '', name: 'Salim Sales', email: 'salim@dealer.test', role: 1 as const, staffRole: 'sales' as const };
  const amina = { id: '', name: 'Amina Wanjiru', email: 'amina@example.co.ke', role: 0 as const };
  const orders = (user: typeof owner | typeof amina) => createCallerFactory(app.get(OrderRouter).router)({ user, ip: '127.0.0.1' });
  const catalogue = (user: typeof owner | typeof sales) => createCallerFactory(app.get(CarRouter).router)({ user, ip: '127.0.0.1' });
  let brandId: string;

  /** Amina's accepted offer for the car of a trade-in request she sent with `photos`, and a reservation credited with it. */
  async function deliveredTradeIn(car: { make: string; model: string; year: number; mileage: number }, photos: { url: string; publicId: string }[], amountKes: number) {
    const [lead] = await handle.db
      .insert(leads)
      .values({ kind: 'trade-in', name: 'Amina', phone: '+254712345678', message: '', details: { ...car, condition: 'Good', photos } })
      .returning({ id: leads.id });
    const [offer] = await handle.db
      .insert(tradeInOffers)
      .values({
        leadId: lead.id,
        buyerName: 'Amina',
        buyerPhone: '+254712345678',
        car: `${car.year} ${car.make} ${car.model}, ${car.mileage.toLocaleString('en-KE')} km`,
        amountKes,
        validUntil: nairobiDate(new Date(Date.now() + 5 * DAY)),
        status: 'accepted',
        acceptedByUserId: amina.id,
        createdBy: 'Salim',
      })
      .returning();
    const bought = await insertCar(handle.db, { name: `Toyota Prado ${offer.reference}`, brandId, price: 5_200_000 });
    const order = await orders(amina).place({ carIds: [bought.id], payment: { method: 'reservation' }, tradeInOfferId: offer.id });
    await orders(owner).setStatus({ orderId: order.id, status: 'deliverd' });
    return { offer, order, leadId: lead.id };
  }

  /** The request's retention period ends, as the retention job leaves it (its personal fields, photos included, gone). */
  const retentionEnds = (leadId: string) => handle.db.update(leads).set({ details: null, anonymisedAt: new Date() }).where(eq(leads.id, leadId));
  const shown = async (photo: { url: string }) => (await app.inject({ method: 'GET', url: photo.url })).statusCode === 200;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'trade-in-stock-'));
    handle = await createTestDatabase();
    owner.id = (await insertUser(handle.db, { name: owner.name, email: owner.email, role: 1, staffRole: 'owner' })).id;
    sales.id = (await insertUser(handle.db, { name: sales.name, email: sales.email, role: 1, staffRole: 'sales' })).id;
    amina.id = (await insertUser(handle.db, { name: amina.name, email: amina.email, emailVerifiedAt: new Date() })).id;
    brandId = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule, CarModule], { env: { MEDIA_DIR: mediaDir } });
    await setReservationRules(app.get(SettingService), { maxUnpaidPerBuyer: 10, maxUnpaidCarsPerBuyer: 30, maxUnpaidCarsPerAddress: 300 }, owner);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('drafts the traded car on delivery, lists it once with its purchase cost, and keeps its photo past the request', async () => {
    const media = app.get(MediaService);
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#36c' } }).png().toBuffer();
    const photo = await media.upload({ data: png, fileName: 'axio.jpg' }, 'leads');
    await media.attach([photo.publicId]);
    const { offer, order, leadId } = await deliveredTradeIn({ make: 'Toyota', model: 'Axio', year: 2015, mileage: 120_000 }, [photo], 850_000);

    const drafts = await catalogue(sales).drafts();
    expect(drafts).toEqual([
      {
        id: expect.any(String),
        offerReference: offer.reference,
        title: '2015 Toyota Axio, 120,000 km',
        make: 'Toyota',
        model: 'Axio',
        year: 2015,
        mileage: 120_000,
        photos: [{ url: photo.url, publicId: photo.publicId }],
        createdAt: expect.any(String),
      },
    ]);
    // The sales staff list it, but never read what it cost.
    expect(JSON.stringify(drafts)).not.toContain('850000');

    // Delivered again (a repeated click), undone, delivered again: one draft, the same offer.
    await orders(owner).setStatus({ orderId: order.id, status: 'deliverd' });
    expect(await catalogue(sales).drafts()).toHaveLength(1);
    await orders(owner).setStatus({ orderId: order.id, status: 'Processing' });
    expect(await catalogue(sales).drafts()).toEqual([]);
    await orders(owner).setStatus({ orderId: order.id, status: 'deliverd' });
    const [draft] = await catalogue(sales).drafts();
    expect(draft.offerReference).toBe(offer.reference);

    // Listed through Create Car: the car, its photo, and its purchase cost (the offer) in one write.
    const fields = {
      brandId,
      images: draft.photos,
      name: 'Toyota Axio 1.5 G',
      price: 1_150_000,
      fuelType: 'Petrol',
      transmission: 'Automatic',
      engineSize: 1500,
      mileage: 120_000,
      year: 2015,
      drive: '2 WD',
      description: 'One owner, traded in at the showroom.',
      bodyType: 'Sedan',
      condition: 'Locally Used',
    } as const;
    const listed = await catalogue(sales).create({ ...fields, fromDraftId: draft.id });
    expect(listed).toMatchObject({ name: 'Toyota Axio 1.5 G', images: [expect.objectContaining({ publicId: photo.publicId })] });
    expect(await catalogue(sales).drafts()).toEqual([]);
    const costs = await catalogue(owner).costs({ carId: listed.id });
    expect(costs.items).toEqual([
      expect.objectContaining({ kind: 'purchase', currency: 'KES', amount: 850_000, amountKes: 850_000, supplier: 'Trade-in', receipt: offer.reference, recordedBy: sales.name }),
    ]);
    expect(costs).toMatchObject({ totalKes: 850_000, marginKes: 300_000 });
    const audited = await handle.db.select({ action: auditEvents.action, label: auditEvents.recordLabel }).from(auditEvents).where(eq(auditEvents.entityId, listed.id));
    expect(audited).toEqual(expect.arrayContaining([{ action: 'create', label: 'Toyota Axio 1.5 G' }, { action: 'update', label: 'Toyota Axio 1.5 G' }]));

    // Listed once: the same draft again is refused, and made no second car.
    const other = await media.upload({ data: await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c63' } }).png().toBuffer() });
    const again = { ...fields, images: [{ url: other.url, publicId: other.publicId }], name: 'Toyota Axio again', fromDraftId: draft.id };
    await expect(catalogue(owner).create(again)).rejects.toMatchObject({ code: 'CONFLICT', message: 'This trade-in was already listed or dismissed' });
    expect((await catalogue(owner).manage({ search: 'Axio again' })).items).toEqual([]);
    await expect(catalogue(owner).dismissDraft({ id: draft.id })).rejects.toMatchObject({ code: 'CONFLICT', message: 'This trade-in was already listed or dismissed' });
    // An undone delivery after the listing leaves the car and its cost alone.
    await orders(owner).setStatus({ orderId: order.id, status: 'Processing' });
    expect((await catalogue(owner).costs({ carId: listed.id })).totalKes).toBe(850_000);

    // The request's retention ends: its photo stays, as the listed car shows it.
    await retentionEnds(leadId);
    expect(await media.removeLeadPhotos([photo.publicId])).toBe(0);
    expect(await shown(photo)).toBe(true);
  });

  it("keeps a buyer's photo while their request, a draft or a car shows it, and deletes it once none does", async () => {
    const media = app.get(MediaService);
    const leadPhoto = async (background: string) => {
      const photo = await media.upload({ data: await sharp({ create: { width: 8, height: 6, channels: 3, background } }).png().toBuffer(), fileName: 'fit.jpg' }, 'leads');
      await media.attach([photo.publicId]);
      return { url: photo.url, publicId: photo.publicId };
    };
    const [front, side, rear] = [await leadPhoto('#a11'), await leadPhoto('#1a1'), await leadPhoto('#11a')];
    const fit = await deliveredTradeIn({ make: 'Honda', model: 'Fit', year: 2016, mileage: 70_000 }, [front, side, rear], 700_000);
    const [draft] = await catalogue(owner).drafts();
    const fields = { brandId, name: 'Honda Fit 1.3', price: 950_000, fuelType: 'Petrol', transmission: 'Automatic', engineSize: 1300, mileage: 70_000, year: 2016 } as const;
    const more = { drive: '2 WD', description: 'Traded in.', bodyType: 'Hatchback', condition: 'Locally Used' } as const;
    // Listed with two of the three photos, then edited down to one, while the request is kept:
    // the photos the car let go of stay, as the request still shows them to the staff.
    const listed = await catalogue(owner).create({ ...fields, ...more, images: [front, side], fromDraftId: draft.id });
    await catalogue(owner).update({ id: listed.id, images: [front] });
    expect([await shown(front), await shown(side), await shown(rear)]).toEqual([true, true, true]);
    // The request's retention ends: the two no car shows go, the car's stays.
    await retentionEnds(fit.leadId);
    expect(await media.removeLeadPhotos([front.publicId, side.publicId, rear.publicId])).toBe(2);
    expect([await shown(front), await shown(side), await shown(rear)]).toEqual([true, false, false]);

    // A trade-in still to list keeps its photo past the request's retention, until it is
    // dismissed, or taken back with its delivery.
    const [dash, boot] = [await leadPhoto('#aa1'), await leadPhoto('#1aa')];
    const note = await deliveredTradeIn({ make: 'Nissan', model: 'Note', year: 2013, mileage: 110_000 }, [dash], 350_000);
    const [open] = await catalogue(owner).drafts();
    await retentionEnds(note.leadId);
    expect(await media.removeLeadPhotos([dash.publicId])).toBe(0);
    expect(await shown(dash)).toBe(true);
    await catalogue(owner).dismissDraft({ id: open.id });
    expect(await shown(dash)).toBe(false);
    const demio = await deliveredTradeIn({ make: 'Mazda', model: 'Demio', year: 2014, mileage: 90_000 }, [boot], 420_000);
    await retentionEnds(demio.leadId);
    expect(await media.removeLeadPhotos([boot.publicId])).toBe(0);
    await orders(owner).setStatus({ orderId: demio.order.id, status: 'Processing' });
    expect([await catalogue(owner).drafts(), await shown(boot)]).toEqual([[], false]);
  });

  it('lets staff dismiss a trade-in not for the catalogue, once, audited', async () => {
    const { offer } = await deliveredTradeIn({ make: 'Nissan', model: 'Note', year: 2014, mileage: 98_000 }, [], 400_000);
    const [draft] = await catalogue(sales).drafts();
    expect(draft).toMatchObject({ offerReference: offer.reference, title: '2014 Nissan Note, 98,000 km', photos: [] });
    await expect(catalogue(sales).dismissDraft({ id: draft.id })).resolves.toEqual({ id: draft.id });
    expect(await catalogue(sales).drafts()).toEqual([]);
    await expect(catalogue(sales).dismissDraft({ id: draft.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const [row] = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, offer.id));
    expect(row).toMatchObject({ entity: 'trade-in-offer', action: 'remove', recordLabel: offer.reference, actorName: sales.name });
  });
});
