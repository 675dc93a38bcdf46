import { createModuleTestApp, insertBrand, insertCar, insertOrder, insertUser } from '@dealership/app-schema/testing';
import { carCosts, cars } from '@dealership/car-data';
import { orderLines } from '@dealership/order-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { asc, eq } from 'drizzle-orm';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

const DAY = 86_400_000;

// Issue 46: a sale's margin and days in stock are fixed on its order's lines when it is delivered
// (a later cost or price change leaves them), cleared if the order is re-opened; the owner's report
// gives gross profit per month, each car sold with its margin, and the average days to sell.
describe('order margins (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const owner = { id: '', name: 'Zawadi', email: 'zawadi@dealer.test', role: 1 as const, staffRole: 'owner' as const };
  const as = () => createCallerFactory(app.get(OrderRouter).router)({ user: owner, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    owner.id = (await insertUser(handle.db, { name: owner.name, email: owner.email, role: 1 })).id;
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule]);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('fixes each car sold at delivery: its cost, margin and days in stock, and reports them', async () => {
    const brand = await insertBrand(handle.db, { name: 'Nissan' });
    const xtrail = await insertCar(handle.db, { brandId: brand.id, name: 'Nissan X-Trail 2018', price: 2_600_000 });
    const note = await insertCar(handle.db, { brandId: brand.id, name: 'Nissan Note 2017', price: 950_000 });
    await handle.db.update(cars).set({ createdAt: new Date(Date.now() - 40 * DAY) }).where(eq(cars.id, xtrail.id));
    await handle.db.update(cars).set({ createdAt: new Date(Date.now() - 10 * DAY) }).where(eq(cars.id, note.id));
    await handle.db.insert(carCosts).values([
      { carId: xtrail.id, kind: 'purchase', amount: 1_700_000, amountKes: 1_700_000 },
      { carId: xtrail.id, kind: 'duty', amount: 450_000, amountKes: 450_000 },
    ]);
    const buyer = await insertUser(handle.db, { email: 'otieno@buyer.test' });
    // Sold at 2,550,000 (the line keeps the price paid); the Note has no cost recorded.
    const order = await insertOrder(handle.db, { buyerId: buyer.id, lines: [{ car: xtrail, price: 2_550_000 }, { car: note }] });

    await as().setStatus({ orderId: order.id, status: 'deliverd' });
    const lines = () => handle.db.select({ carId: orderLines.carId, costKes: orderLines.costKes, daysInStock: orderLines.daysInStock }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
    expect(await lines()).toEqual([
      { carId: xtrail.id, costKes: 2_150_000, daysInStock: 40 },
      { carId: note.id, costKes: null, daysInStock: 10 },
    ]);
    // A cost recorded after the sale leaves the sale's figures as they were.
    await handle.db.insert(carCosts).values({ carId: xtrail.id, kind: 'parts', amount: 30_000, amountKes: 30_000 });
    await as().setStatus({ orderId: order.id, status: 'deliverd' });
    expect((await lines())[0].costKes).toBe(2_150_000);

    const report = await as().report();
    const month = report.salesPerMonth.at(-1)?.month;
    expect(report.grossProfitPerMonth).toEqual([{ month, carsSold: 2, revenueKes: 2_550_000 + 950_000, costKes: 2_150_000, grossProfitKes: 400_000, withoutCosts: 1 }]);
    expect(report.carsSold).toEqual([
      { month, name: 'Nissan X-Trail 2018', slug: xtrail.slug, priceKes: 2_550_000, costKes: 2_150_000, marginKes: 400_000, daysInStock: 40 },
      { month, name: 'Nissan Note 2017', slug: note.slug, priceKes: 950_000, costKes: null, marginKes: null, daysInStock: 10 },
    ]);
    expect(report.averageDaysToSell).toBe(25);

    // Re-opened: no longer a sale, its figures cleared.
    await as().setStatus({ orderId: order.id, status: 'Shipped' });
    expect(await lines()).toEqual([
      { carId: xtrail.id, costKes: null, daysInStock: null },
      { carId: note.id, costKes: null, daysInStock: null },
    ]);
    expect((await as().report()).carsSold).toEqual([]);
  });
});
