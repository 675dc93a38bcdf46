import { createModuleTestApp, tokenFor } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { users } from '@dealership/user-data';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { LegacyOrderSchema, toLegacyOrder } from './order.legacy-mapper';
import { at, seedOrderHistory } from './order-history.fixture';
import { PaymentModule } from '@dealership/server-payment';
import { OrderModule } from './order.module';
import { OrderService } from './order.service';

/** Strict: a missing or an extra field fails, so the legacy shape stays exactly the contract's. */
const legacyOrders = (body: unknown) => LegacyOrderSchema.array().parse(body);

/** The legacy order paths over HTTP with real tokens and the app-wide access guard. */
describe('REST /api/user/orders, allOrders, orderStatus (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const tokens: Record<'amina' | 'baraka' | 'admin', string> = { amina: '', baraka: '', admin: '' };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    handle = await createTestDatabase();
    Object.assign(ids, await seedOrderHistory(handle.db));

    app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
    tokens.amina = await tokenFor(app, ids.amina);
    tokens.baraka = await tokenFor(app, ids.baraka);
    tokens.admin = await tokenFor(app, ids.admin);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const request = (method: 'GET' | 'PUT', url: string, token?: string, body?: Record<string, unknown>) =>
    app.inject({ method, url, payload: body, headers: token ? { authorization: token } : {} });

  describe('GET /api/user/orders', () => {
    it("gives the caller's orders as a bare array, newest first, in the legacy shape", async () => {
      const res = await request('GET', '/api/user/orders', tokens.amina);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const orders = legacyOrders(res.json());
      expect(Array.isArray(res.json())).toBe(true);
      expect(orders).toEqual((await app.get(OrderService).mine(ids.amina)).map(toLegacyOrder));
      expect(orders.map((o) => o._id)).toEqual([ids.latest, ids.first]);
      expect(orders[1]).toEqual({
        _id: ids.first,
        status: 'Not Process',
        buyer: { _id: ids.amina, name: 'Amina' },
        createdAt: at(0).toISOString(),
        amount: 650_000 + 5_200_000,
        payment: { success: true, method: 'card', provider: 'braintree', transactionId: expect.any(String), status: 'submitted_for_settlement' },
        products: [
          // The price paid, not the car's price today.
          { _id: ids.vitz, slug: 'toyota-vitz', name: 'Toyota Vitz', price: 650_000, productPictures: ['/media/cars/vitz.webp'] },
          { _id: ids.prado, slug: 'toyota-prado', name: 'Toyota Prado', price: 5_200_000, productPictures: [] },
        ],
      });
    });

    it("keeps a deleted car's line, under the line's id", async () => {
      const [latest] = legacyOrders((await request('GET', '/api/user/orders', tokens.amina)).json());
      expect(latest.products).toEqual([
        { _id: expect.any(String), slug: 'toyota-probox', name: 'Toyota Probox', price: 900_000, productPictures: ['/media/cars/probox.webp'] },
      ]);
      expect(latest.products[0]._id).not.toBe(ids.vitz);
      const [domain] = await app.get(OrderService).mine(ids.amina);
      expect(latest.products[0]._id).toBe(domain.lines[0].id);
    });

    it('shows each buyer only their own orders; a guest gets 401', async () => {
      const baraka = legacyOrders((await request('GET', '/api/user/orders', `Bearer ${tokens.baraka}`)).json());
      expect(baraka.map((o) => o._id)).toEqual([ids.other]);
      expect(baraka[0].payment.success).toBe(false);
      const guest = await request('GET', '/api/user/orders');
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ success: false, message: 'Please log in' });
    });
  });

  describe('GET /api/user/allOrders', () => {
    it('gives every order to an admin, newest first; 403 for a customer', async () => {
      const res = await request('GET', '/api/user/allOrders', tokens.admin);
      expect(res.statusCode).toBe(200);
      expect(legacyOrders(res.json()).map((o) => o._id)).toEqual([ids.latest, ids.other, ids.first]);
      const customer = await request('GET', '/api/user/allOrders', tokens.amina);
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toEqual({ success: false, message: 'Admin access required' });
    });
  });

  describe('PUT /api/user/orderStatus/{orderId}', () => {
    const setStatus = (orderId: string, body: Record<string, unknown>, token = tokens.admin) => request('PUT', `/api/user/orderStatus/${orderId}`, token, body);

    it('accepts exactly the legacy statuses', async () => {
      for (const status of ['Processing', 'Shipped', 'deliverd', 'cancel', 'Not Process']) {
        const res = await setStatus(ids.other, { status });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true, message: `Order Changed to ${status}`, order: { _id: ids.other, status } });
        expect(LegacyOrderSchema.parse(res.json().order).status).toBe(status);
      }
      const [, other] = legacyOrders((await request('GET', '/api/user/allOrders', tokens.admin)).json());
      expect(other.status).toBe('Not Process');
    });

    it('refuses any other status, naming the field', async () => {
      for (const body of [{ status: 'Delivered' }, { status: '' }, {}, { status: 3 }]) {
        const res = await setStatus(ids.other, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: 'status must be one of: Not Process, Processing, Shipped, deliverd, cancel' });
      }
    });

    it('answers 404 for an unknown order and 400 for a malformed id', async () => {
      const unknown = await setStatus('6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5', { status: 'Shipped' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ success: false, message: expect.stringContaining('Order not found') });
      const malformed = await setStatus('not-an-id', { status: 'Shipped' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toContain('orderId');
    });

    it('is for admins only', async () => {
      expect((await setStatus(ids.other, { status: 'Shipped' }, tokens.amina)).statusCode).toBe(403);
      expect((await request('PUT', `/api/user/orderStatus/${ids.other}`, undefined, { status: 'Shipped' })).statusCode).toBe(401);
    });
  });

  it("keeps the contract's key order, byte for byte, with every legacy field name", async () => {
    const [, first] = (await request('GET', '/api/user/orders', tokens.amina)).json();
    expect(Object.keys(first)).toEqual(['_id', 'status', 'buyer', 'createdAt', 'amount', 'payment', 'products']);
    expect(Object.keys(first.buyer)).toEqual(['_id', 'name']);
    expect(Object.keys(first.payment)).toEqual(['success', 'method', 'provider', 'transactionId', 'status']);
    expect(Object.keys(first.products[0])).toEqual(['_id', 'slug', 'name', 'price', 'productPictures']);
    // The admin list and the status answer carry the same bytes.
    const all = (await request('GET', '/api/user/allOrders', tokens.admin)).json();
    expect(JSON.stringify(all.find((o: { _id: string }) => o._id === ids.first))).toBe(JSON.stringify(first));
    const { order } = (await request('PUT', `/api/user/orderStatus/${ids.first}`, tokens.admin, { status: 'Not Process' })).json();
    expect(JSON.stringify(order)).toBe(JSON.stringify(first));
  });

  it("shows an order whose buyer's account was deleted with no buyer", async () => {
    await handle.db.delete(users).where(eq(users.id, ids.baraka));
    const all = legacyOrders((await request('GET', '/api/user/allOrders', tokens.admin)).json());
    expect(all.find((o) => o._id === ids.other)?.buyer).toBeNull();
    expect((await request('GET', '/api/user/orders', tokens.baraka)).statusCode).toBe(401);
  });
});
