import { createModuleTestApp, insertBrand, insertCar, insertUser, tokenFor } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';
import { orders } from '@dealership/order-data';
import { eq } from 'drizzle-orm';

// Reservations without a deposit hold cars for free: one buyer may hold only a few (the rules in
// force, 2 by default), or one account could hold the whole stock (issue 27).
describe('open reservations without a deposit are capped per buyer (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let brandId: string;
  let cars = 0;
  const NAMES = ['amina', 'baraka', 'admin', 'chebet', 'daudi', 'eshe', 'fumo', 'gathoni', 'hamisi', 'imani'] as const;
  const people: Record<(typeof NAMES)[number], { id: string; name: string; email: string }> = {} as never;
  const as = (who: keyof typeof people, ip = `41.90.3.${NAMES.indexOf(who)}`) =>
    createCallerFactory(app.get(OrderRouter).router)({ user: { ...people[who], role: who === 'admin' ? 1 : 0 }, ip });
  const newCar = async () => (await insertCar(handle.db, { name: `Mazda Cap ${++cars}`, brandId, price: 1_100_000 })).id;
  const reserve = async (who: keyof typeof people, carCount = 1, ip?: string) => {
    const carIds = [];
    for (let i = 0; i < carCount; i++) carIds.push(await newCar());
    return as(who, ip).place({ carIds, payment: { method: 'reservation' } });
  };
  const CARS_MESSAGE = 'You can hold at most 3 cars without a deposit. Pay a deposit on a car you hold, or cancel a reservation, before reserving more.';
  const NETWORK_MESSAGE = 'At most 6 cars can be held without a deposit from one internet connection. Pay a deposit on a car already held, or call us to reserve.';
  const LIMIT_MESSAGE =
    'You already have 2 reservations without a deposit, the most we hold for one buyer. Call or visit us to pay a deposit on one, or to cancel one, before reserving another car.';

  beforeAll(async () => {
    handle = await createTestDatabase();
    brandId = (await insertBrand(handle.db, { name: 'Mazda' })).id;
    for (const who of NAMES) {
      const user = await insertUser(handle.db, { name: who, email: `${who}@example.co.ke`, role: who === 'admin' ? 1 : 0 });
      people[who] = { id: user.id, name: user.name, email: user.email };
    }
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('takes two reservations (of any number of cars), refuses a third with CONFLICT, and takes one again once one is cancelled', async () => {
    const first = await reserve('amina', 2);
    await reserve('amina');
    await expect(reserve('amina')).rejects.toMatchObject({ code: 'CONFLICT', message: LIMIT_MESSAGE });
    // Another buyer is not held back by it.
    expect((await reserve('baraka')).status).toBe('Not Process');

    await as('admin').setStatus({ orderId: first.id, status: 'cancel' });
    expect((await reserve('amina')).status).toBe('Not Process');
    // A delivered order no longer holds anything unpaid either.
    const orders = await as('amina').mine();
    await as('admin').setStatus({ orderId: orders[0].id, status: 'deliverd' });
    expect((await reserve('amina')).status).toBe('Not Process');
    await expect(reserve('amina')).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('holds at the cap when a buyer sends five reservations at once: exactly the allowed number is placed', async () => {
    const carIds = await Promise.all(Array.from({ length: 5 }, () => newCar()));
    const results = await Promise.allSettled(carIds.map((id) => as('baraka').place({ carIds: [id], payment: { method: 'reservation' } })));
    // Baraka held one from the first test: one more is allowed.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT']);
  });

  it('refuses the legacy REST create-order past the cap too, in its shape', async () => {
    const amina = `Bearer ${await tokenFor(app, people.amina.id)}`;
    const carId = await newCar();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/create-order',
      headers: { authorization: amina },
      payload: { cart: [{ _id: carId, name: 'Mazda', slug: 'mazda', price: 1, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: LIMIT_MESSAGE });
  });

  it("refuses an account's fourth car held without a deposit, and a paid deposit frees its cars from the cap", async () => {
    const first = await reserve('chebet', 2);
    await expect(reserve('chebet', 2)).rejects.toMatchObject({ code: 'CONFLICT', message: CARS_MESSAGE });
    await reserve('chebet');
    await expect(reserve('chebet')).rejects.toMatchObject({ code: 'CONFLICT' });
    // A paid deposit is not capped: its two cars no longer count.
    await handle.db.update(orders).set({ depositPaidAt: new Date() }).where(eq(orders.id, first.id));
    expect((await reserve('chebet', 2)).status).toBe('Not Process');
  });

  it('refuses the seventh car held without a deposit from one address through several accounts (IPv6: one /64), and not another address', async () => {
    const office = '102.0.2.7';
    await reserve('daudi', 2, office);
    await reserve('daudi', 1, office);
    await reserve('eshe', 3, office);
    await expect(reserve('fumo', 1, office)).rejects.toMatchObject({ code: 'CONFLICT', message: NETWORK_MESSAGE });
    expect((await reserve('fumo', 1, '102.0.2.8')).status).toBe('Not Process');
    // Cancelling a reservation frees its cars at that address.
    const [held] = await as('eshe').mine();
    await as('admin').setStatus({ orderId: held.id, status: 'cancel' });
    expect((await reserve('fumo', 2, office)).status).toBe('Not Process');

    // One IPv6 network is one address, whichever of its addresses a phone uses.
    await reserve('gathoni', 3, '2c0f:fe38:2401:1::a');
    await reserve('hamisi', 3, '2c0f:fe38:2401:1:8f2e:11ff:fe40:1');
    await expect(reserve('imani', 1, '2c0f:fe38:2401:1:aaaa::9')).rejects.toMatchObject({ message: NETWORK_MESSAGE });
    expect((await reserve('imani', 1, '2c0f:fe38:2401:2::9')).status).toBe('Not Process');
  });
});
