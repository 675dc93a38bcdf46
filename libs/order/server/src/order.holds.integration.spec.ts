import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { cars } from '@dealership/car-data';
import { outboxMessages } from '@dealership/message-data';
import { orders } from '@dealership/order-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { SettingService } from '@dealership/setting-server';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { asc, eq } from 'drizzle-orm';
import { setReservationRules } from './order-history.fixture';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';
import { OrderRepository } from './order.repository';
import { ReservationHoldService } from './reservation-hold.service';

const HOUR = 3_600_000;

// A reservation without a deposit holds its cars for the rules' hours (48 by default), with a
// reminder some hours before (6), then ends: the car is on sale again and the buyer told (issue 27).
describe('reservations without a deposit: reminded, then ended when their hold runs out (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let brandId: string;
  let cars_ = 0;
  const people: Record<'amina' | 'admin', { id: string; name: string; email: string }> = {} as never;
  const as = (who: keyof typeof people) => createCallerFactory(app.get(OrderRouter).router)({ user: { ...people[who], role: who === 'admin' ? 1 : 0, staffRole: who === 'admin' ? 'owner' : null }, ip: '41.90.4.1' });
  const service = () => app.get(ReservationHoldService);
  const reserve = async () => {
    const car = await insertCar(handle.db, { name: `Honda Hold ${++cars_}`, brandId, price: 1_500_000 });
    const order = await as('amina').place({ carIds: [car.id], payment: { method: 'reservation' } });
    return { carId: car.id, order };
  };
  const carStatus = async (id: string) => (await handle.db.select({ status: cars.status }).from(cars).where(eq(cars.id, id)))[0].status;
  const orderRow = async (id: string) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0];
  const messagesAbout = async (id: string) =>
    handle.db.select({ channel: outboxMessages.channel, topic: outboxMessages.topic }).from(outboxMessages).where(eq(outboxMessages.reference, id)).orderBy(asc(outboxMessages.createdAt));

  beforeAll(async () => {
    handle = await createTestDatabase();
    brandId = (await insertBrand(handle.db, { name: 'Honda' })).id;
    for (const who of ['amina', 'admin'] as const) {
      const user = await insertUser(handle.db, { name: who, email: `${who}@example.co.ke`, phone: '0712345678', role: who === 'admin' ? 1 : 0 });
      people[who] = { id: user.id, name: user.name, email: user.email };
    }
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
    // A shortened hold, as the staff may set it: 3 hours, a reminder 1 hour before; up to 5 held at once.
    await setReservationRules(app.get(SettingService), { unpaidHoldHours: 3, reminderHoursBeforeExpiry: 1, maxUnpaidPerBuyer: 5, maxUnpaidCarsPerBuyer: 30, maxUnpaidCarsPerAddress: 300 }, people.admin);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('stamps a reservation with the end of its hold, from the rules in force', async () => {
    const before = Date.now();
    const { order } = await reserve();
    const row = await orderRow(order.id);
    expect(row.holdExpiresAt?.getTime()).toBeGreaterThanOrEqual(before + 3 * HOUR);
    expect(row.holdExpiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 3 * HOUR);
    expect(row.remindedAt).toBeNull();
  });

  it('reminds the buyer once in the last hour, then ends the hold at its time: cancelled, the car on sale, the buyer told', async () => {
    const { carId, order } = await reserve();
    const endsAt = (await orderRow(order.id)).holdExpiresAt as Date;

    // Two hours in: nothing due yet.
    expect(await service().sweepHolds(new Date(endsAt.getTime() - 2 * HOUR))).toMatchObject({ reminded: [], expired: [] });
    // Within the last hour: one reminder, by email and SMS, and only once.
    const soon = new Date(endsAt.getTime() - 30 * 60_000);
    expect((await service().sweepHolds(soon)).reminded).toContain(order.id);
    expect((await service().sweepHolds(soon)).reminded).not.toContain(order.id);
    expect((await messagesAbout(order.id)).filter((m) => m.topic === 'order.hold-reminder').map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(await carStatus(carId)).toBe('Reserved');

    // At its end: cancelled, the car Available again, the buyer told; a second sweep does nothing more.
    const after = new Date(endsAt.getTime() + 1000);
    expect((await service().sweepHolds(after)).expired).toContain(order.id);
    expect((await orderRow(order.id)).status).toBe('cancel');
    expect(await carStatus(carId)).toBe('Available');
    expect((await messagesAbout(order.id)).filter((m) => m.topic === 'order.hold-expired').map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect((await service().sweepHolds(after)).expired).not.toContain(order.id);
  });

  it('leaves alone a reservation the staff have moved on (Processing): it holds its car past the hold', async () => {
    const { carId, order } = await reserve();
    await as('admin').setStatus({ orderId: order.id, status: 'Processing' });
    const endsAt = (await orderRow(order.id)).holdExpiresAt as Date;
    expect((await service().sweepHolds(new Date(endsAt.getTime() + HOUR))).expired).not.toContain(order.id);
    expect((await orderRow(order.id)).status).toBe('Processing');
    expect(await carStatus(carId)).toBe('Reserved');
  });

  it('never touches a paid order', async () => {
    const { carId, order } = await reserve();
    await handle.db.update(orders).set({ paymentSuccess: true }).where(eq(orders.id, order.id));
    const endsAt = (await orderRow(order.id)).holdExpiresAt as Date;
    expect((await service().sweepHolds(new Date(endsAt.getTime() + HOUR))).expired).not.toContain(order.id);
    expect((await orderRow(order.id)).status).toBe('Not Process');
    expect(await carStatus(carId)).toBe('Reserved');
  });

  it("lists for the staff the orders whose hold ends later today (Nairobi), not tomorrow's nor ended ones", async () => {
    const { order } = await reserve();
    const endsAt = (await orderRow(order.id)).holdExpiresAt as Date;
    const expiring = async (now: Date) =>
      (await app.get(OrderRepository).page({ expiringToday: true, page: 1, pageSize: 100 }, now)).items.map((o) => o.id);
    expect(await expiring(new Date(endsAt.getTime() - 1000))).toContain(order.id);
    expect(await expiring(new Date(endsAt.getTime() - 25 * HOUR))).not.toContain(order.id);
    expect(await expiring(new Date(endsAt.getTime() + 1000))).not.toContain(order.id);
    // The filter reaches the staff's list through tRPC (today's real clock: listed only if the hold ends today).
    const listed = await as('admin').all({ expiringToday: true });
    expect(listed.items.every((o) => o.holdExpiresAt !== null)).toBe(true);
  });

  it("gives the owner the month's sales (delivered: count and KES) and the reservations that ended unpaid or were cancelled", async () => {
    const before = await as('admin').report();
    const sold = await reserve();
    await as('admin').setStatus({ orderId: sold.order.id, status: 'deliverd' });
    const dropped = await reserve();
    await as('admin').setStatus({ orderId: dropped.order.id, status: 'cancel' });
    const lapsed = await reserve();
    const endsAt = (await orderRow(lapsed.order.id)).holdExpiresAt as Date;
    await service().sweepHolds(new Date(endsAt.getTime() + HOUR));
    const after = await as('admin').report();
    const total = (report: typeof before) => ({
      sold: report.salesPerMonth.reduce((sum, row) => sum + row.count, 0),
      kes: report.salesPerMonth.reduce((sum, row) => sum + row.amount, 0),
      expired: report.reservationsEnded.reduce((sum, row) => sum + row.expired, 0),
      cancelled: report.reservationsEnded.reduce((sum, row) => sum + row.cancelled, 0),
    });
    const [was, is] = [total(before), total(after)];
    expect(is).toMatchObject({ sold: was.sold + 1, kes: was.kes + 1_500_000, cancelled: was.cancelled + 1 });
    // The sweep ends this test's lapsed reservation, and those earlier tests left due.
    expect(is.expired).toBeGreaterThanOrEqual(was.expired + 1);
    await expect(as('amina').report()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
