import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { outboxMessages } from '@dealership/message-data';
import { orders } from '@dealership/order-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { createCallerFactory } from '@dealership/server-trpc';
import { SettingService } from '@dealership/setting-server';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { LateOrders } from './late-orders';
import { setReservationRules } from './order-history.fixture';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

// The confirmation tells a buyer "Our sales team will call you within one working day to confirm."
// An order still Not Process after a working day of opening hours (the longest day: 08:00-17:00,
// 540 minutes) is the owners' to hear of, once, by email and SMS; a salesperson never is.
describe('orders not confirmed within a working day alert the owners (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let brandId: string;
  let cars_ = 0;
  const people: Record<'amina' | 'owner' | 'sales', { id: string; name: string; email: string }> = {} as never;
  const as = (who: keyof typeof people) =>
    createCallerFactory(app.get(OrderRouter).router)({ user: { ...people[who], role: who === 'amina' ? 0 : 1, staffRole: who === 'amina' ? null : who }, ip: '41.90.4.1' });
  /** A reservation placed at `placedAt` (Nairobi is UTC+3). */
  const reserveAt = async (placedAt: string) => {
    const car = await insertCar(handle.db, { name: `Mazda Late ${++cars_}`, brandId, price: 1_800_000 });
    const order = await as('amina').place({ carIds: [car.id], payment: { method: 'reservation' } });
    await handle.db.update(orders).set({ createdAt: new Date(placedAt) }).where(eq(orders.id, order.id));
    return order.id;
  };
  const late = (at: string) => app.get(LateOrders).alertLateOrders(new Date(at));

  beforeAll(async () => {
    handle = await createTestDatabase();
    brandId = (await insertBrand(handle.db, { name: 'Mazda' })).id;
    for (const who of ['amina', 'owner', 'sales'] as const) {
      const user = await insertUser(handle.db, {
        name: who,
        email: `${who}@example.co.ke`,
        phone: who === 'owner' ? '0722000111' : '0712345678',
        role: who === 'amina' ? 0 : 1,
        staffRole: who === 'amina' ? undefined : who,
      });
      people[who] = { id: user.id, name: user.name, email: user.email };
    }
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
    await setReservationRules(app.get(SettingService), { maxUnpaidPerBuyer: 10, maxUnpaidCarsPerBuyer: 30, maxUnpaidCarsPerAddress: 300 }, people.owner);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('tells the owners once of an order left Not Process a working day of opening hours, never of one moved on', async () => {
    // Placed on Monday 30 November at 10:00; another the staff confirmed; another cancelled.
    const waiting = await reserveAt('2026-11-30T07:00:00Z');
    const confirmed = await reserveAt('2026-11-30T07:00:00Z');
    const cancelled = await reserveAt('2026-11-30T07:00:00Z');
    await as('owner').setStatus({ orderId: confirmed, status: 'Processing' });
    await as('owner').setStatus({ orderId: cancelled, status: 'cancel' });

    expect(await late('2026-11-30T13:59:00Z')).toEqual([]); // Monday 16:59: 7 hours
    expect(await late('2026-12-01T06:00:00Z')).toEqual([]); // Tuesday 09:00: 8 hours of opening
    expect(await late('2026-12-01T07:01:00Z')).toEqual([waiting]); // Tuesday 10:01: a working day
    expect(await late('2026-12-01T09:00:00Z')).toEqual([]);

    const told = await handle.db.select().from(outboxMessages).where(eq(outboxMessages.topic, 'order.late'));
    expect(told.map((m) => `${m.channel} ${m.recipient}`).sort()).toEqual(['email owner@example.co.ke', 'sms +254722000111']);
    expect(told.every((m) => m.reference === waiting)).toBe(true);
    expect(told.find((m) => m.channel === 'email')?.bodyText).toContain('The confirmation told the buyer our sales team would call within one working day.');
    expect(told.find((m) => m.channel === 'sms')?.bodyText).toMatch(/^Not confirmed after a working day: reservation [0-9A-F]{8}, amina 0712345678, Mazda Late 1\.$/);
  });

  it('counts opening hours only: an order placed on Saturday afternoon waits from Monday', async () => {
    // Saturday 5 December at 12:00: one hour of Saturday, then Monday from 08:00.
    const weekend = await reserveAt('2026-12-05T09:00:00Z');
    expect(await late('2026-12-07T09:00:00Z')).toEqual([]); // Monday 12:00: 5 hours
    expect(await late('2026-12-07T13:01:00Z')).toEqual([weekend]); // Monday 16:01: 1 + 8 hours
  });
});
