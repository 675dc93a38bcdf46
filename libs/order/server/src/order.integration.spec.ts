import { createModuleTestApp } from '@dealership/app-schema/testing';
import { auditEvents } from '@dealership/audit-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { users } from '@dealership/user-data';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OrderSchema } from '@dealership/order-schemas';
import { asc, eq } from 'drizzle-orm';
import { at, seedOrderHistory } from './order-history.fixture';
import { PaymentModule } from '@dealership/server-payment';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

// The REST paths (`/api/user/orders`, `allOrders`, `orderStatus`) and their legacy shapes are
// tested in order.controller.integration.spec.ts.
describe('order module: tRPC order.* (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const ids: Record<string, string> = {};
  const callerFor = (ctx: TrpcContext) => createCallerFactory(app.get(OrderRouter).router)(ctx);
  const guest = () => callerFor({ user: null, ip: '127.0.0.1' });
  const customer = (name: 'amina' | 'baraka') => callerFor({ user: { id: ids[name], name, email: `${name}@x.test`, role: 0 }, ip: '127.0.0.1' });
  const admin = () => callerFor({ user: { id: ids.admin, name: 'Boss', email: 'boss@x.test', role: 1 }, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    Object.assign(ids, await seedOrderHistory(handle.db));

    app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  describe('order.mine', () => {
    it("gives the caller's orders newest first, in the domain shape with the prices paid", async () => {
      const orders = await customer('amina').mine();
      expect(orders.map((o) => o.id)).toEqual([ids.latest, ids.first]);
      expect(orders[1]).toEqual({
        id: ids.first,
        status: 'Not Process',
        buyer: { id: ids.amina, name: 'Amina', emailVerified: false },
        // Placed before contacts were kept on the order.
        contact: { name: null, phone: null, address: null },
        createdAt: at(0).toISOString(),
        amount: 650_000 + 5_200_000,
        payment: { success: true, method: 'card', provider: 'braintree', transactionId: expect.any(String), status: 'submitted_for_settlement' },
        // A card order paid in full: no deposit, nothing due, nothing held by a clock.
        deposit: null,
        balance: 0,
        tradeInCredit: null,
        holdExpiresAt: null,
        mpesaPayments: [],
        lines: [
          // The price paid, not the car's price today.
          { id: expect.any(String), carId: ids.vitz, slug: 'toyota-vitz', name: 'Toyota Vitz', price: 650_000, imageUrl: '/media/cars/vitz.webp' },
          { id: expect.any(String), carId: ids.prado, slug: 'toyota-prado', name: 'Toyota Prado', price: 5_200_000, imageUrl: null },
        ],
      });
      // The domain contract's names, exactly: no legacy name (`_id`, `products`, ...) leaks into tRPC.
      for (const order of orders) {
        expect(Object.keys(order).sort()).toEqual(Object.keys(OrderSchema.shape).sort());
        expect(OrderSchema.parse(order)).toEqual(order);
      }
    });

    it("keeps a deleted car's line, with no car id", async () => {
      const [latest] = await customer('amina').mine();
      expect(latest.lines).toEqual([
        { id: expect.any(String), carId: null, slug: 'toyota-probox', name: 'Toyota Probox', price: 900_000, imageUrl: '/media/cars/probox.webp' },
      ]);
      expect([ids.vitz, ids.prado]).not.toContain(latest.lines[0].id);
    });

    it('shows each buyer only their own orders, and refuses guests', async () => {
      const baraka = await customer('baraka').mine();
      expect(baraka.map((o) => o.id)).toEqual([ids.other]);
      expect(baraka[0].payment.success).toBe(false);
      await expect(guest().mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });
  });

  describe('order.all and order.setStatus (admin)', () => {
    it('lists every order newest first, for admins only', async () => {
      expect(await admin().all({})).toMatchObject({ total: 3, page: 1, pageSize: 12, pageCount: 1 });
      expect((await admin().all({})).items.map((o) => o.id)).toEqual([ids.latest, ids.other, ids.first]);
      await expect(customer('amina').all({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(guest().all({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('sets exactly the legacy statuses, in any order', async () => {
      for (const status of ['Processing', 'Shipped', 'deliverd', 'cancel', 'Not Process'] as const) {
        expect(await admin().setStatus({ orderId: ids.other, status })).toMatchObject({ id: ids.other, status });
      }
      await expect(admin().setStatus({ orderId: ids.other, status: 'Delivered' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('records each status change in the audit log: who, which order, the status before and after', async () => {
      await admin().setStatus({ orderId: ids.latest, status: 'Shipped' });
      const events = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, ids.latest)).orderBy(asc(auditEvents.createdAt));
      expect(events.map(({ entity, action, actorId, actorName, changes }) => ({ entity, action, actorId, actorName, changes }))).toEqual([
        { entity: 'order', action: 'setStatus', actorId: ids.admin, actorName: 'Boss', changes: { status: { before: 'Not Process', after: 'Shipped' } } },
      ]);
    });

    it('answers NOT_FOUND for an unknown order, BAD_REQUEST for a malformed id, FORBIDDEN for a customer', async () => {
      await expect(admin().setStatus({ orderId: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5', status: 'Shipped' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(admin().setStatus({ orderId: 'not-an-id', status: 'Shipped' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(customer('amina').setStatus({ orderId: ids.first, status: 'cancel' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });

    it('offers the legacy statuses for the status dropdown, to anyone', async () => {
      expect(await guest().statuses()).toEqual(['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel']);
    });

    it("shows an order whose buyer's account was deleted with no buyer", async () => {
      await handle.db.delete(users).where(eq(users.id, ids.baraka));
      expect((await admin().all({})).items.find((o) => o.id === ids.other)?.buyer).toBeNull();
    });
  });
});
