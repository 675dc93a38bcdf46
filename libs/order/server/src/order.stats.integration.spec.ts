import { ORDER_STATUSES, OrderStatsSchema } from '@dealership/order-schemas';
import { createModuleTestApp, insertOrder, insertUser } from '@dealership/app-schema/testing';
import { orders } from '@dealership/order-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { PaymentModule } from '@dealership/server-payment';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

describe('order module: tRPC order.stats (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const ids: Record<string, string> = {};
  const callerFor = (ctx: TrpcContext) => createCallerFactory(app.get(OrderRouter).router)(ctx);
  const guest = () => callerFor({ user: null, ip: '127.0.0.1' });
  const customer = () => callerFor({ user: { id: ids.amina, name: 'Amina', email: 'amina@x.test', role: 0 }, ip: '127.0.0.1' });
  const admin = () => callerFor({ user: { id: ids.admin, name: 'Boss', email: 'boss@x.test', role: 1 }, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    const amina = await insertUser(handle.db, { name: 'Amina' });
    const boss = await insertUser(handle.db, { name: 'Boss', role: 1 });
    Object.assign(ids, { amina: amina.id, admin: boss.id });
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const place = (status: (typeof ORDER_STATUSES)[number], buyerId: string | null = ids.amina) =>
    insertOrder(handle.db, { buyerId, status, lines: [{ name: 'Toyota Vitz', price: 650_000 }] });

  it('counts 0 for every status when there is no order', async () => {
    const stats = await admin().stats();
    expect(stats).toEqual({ total: 0, byStatus: { 'Not Process': 0, Processing: 0, Shipped: 0, deliverd: 0, cancel: 0 } });
    // Exactly the legacy statuses, spelling included, as keys.
    expect(Object.keys(stats.byStatus)).toEqual([...ORDER_STATUSES]);
  });

  it('counts every order by status; a status with no order stays 0', async () => {
    for (const status of ['Not Process', 'Not Process', 'Not Process', 'Processing', 'deliverd', 'deliverd', 'cancel'] as const) await place(status);
    // An order whose buyer's account was deleted still counts.
    await place('Processing', null);
    const stats = await admin().stats();
    expect(OrderStatsSchema.parse(stats)).toEqual(stats);
    expect(stats).toEqual({ total: 8, byStatus: { 'Not Process': 3, Processing: 2, Shipped: 0, deliverd: 2, cancel: 1 } });
  });

  it('follows status changes', async () => {
    const [order] = await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'Not Process')).limit(1);
    await admin().setStatus({ orderId: order.id, status: 'Shipped' });
    expect(await admin().stats()).toEqual({ total: 8, byStatus: { 'Not Process': 2, Processing: 2, Shipped: 1, deliverd: 2, cancel: 1 } });
  });

  it('is for admins only', async () => {
    await expect(customer().stats()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(guest().stats()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
