import { createModuleTestApp, insertBrand, insertCar, insertUser, tokenFor } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

// Reservations without a deposit hold cars for free: one buyer may hold only a few (the rules in
// force, 2 by default), or one account could hold the whole stock (issue 27).
describe('open reservations without a deposit are capped per buyer (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let brandId: string;
  let cars = 0;
  const people: Record<'amina' | 'baraka' | 'admin', { id: string; name: string; email: string }> = {} as never;
  const as = (who: keyof typeof people) =>
    createCallerFactory(app.get(OrderRouter).router)({ user: { ...people[who], role: who === 'admin' ? 1 : 0 }, ip: `41.90.3.${Object.keys(people).indexOf(who)}` });
  const newCar = async () => (await insertCar(handle.db, { name: `Mazda Cap ${++cars}`, brandId, price: 1_100_000 })).id;
  const reserve = async (who: keyof typeof people, carCount = 1) => {
    const carIds = [];
    for (let i = 0; i < carCount; i++) carIds.push(await newCar());
    return as(who).place({ carIds, payment: { method: 'reservation' } });
  };
  const LIMIT_MESSAGE =
    'You already have 2 reservations without a deposit, the most we hold for one buyer. Call or visit us to pay a deposit on one, or to cancel one, before reserving another car.';

  beforeAll(async () => {
    handle = await createTestDatabase();
    brandId = (await insertBrand(handle.db, { name: 'Mazda' })).id;
    for (const who of ['amina', 'baraka', 'admin'] as const) {
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
    const first = await reserve('amina', 3);
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
});
