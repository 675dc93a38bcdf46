import { auditEvents } from '@dealership/audit-data';
import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { outboxMessages } from '@dealership/message-data';
import { and, desc, eq } from 'drizzle-orm';
import { cars } from '@dealership/car-data';
import { AgedStockAlerts } from './aged-stock.service';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

// Issue 46: what each car cost, line by line: owners record, correct and remove them (each change
// audited before and after), the total and the margin at the asking price follow; a salesperson is
// refused; the public procedures never carry a cost. Through the real router and database.
describe('car costs (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const owner = { id: '', name: 'Zawadi Owner', email: 'zawadi@dealer.test', role: 1 as const, staffRole: 'owner' as const };
  const sales = { id: '', name: 'Salim Sales', email: 'salim@dealer.test', role: 1 as const, staffRole: 'sales' as const };
  const as = (user: typeof owner | typeof sales | null) => createCallerFactory(app.get(CarRouter).router)({ user, ip: '127.0.0.1' });

  beforeAll(async () => {
    handle = await createTestDatabase();
    owner.id = (await insertUser(handle.db, { name: owner.name, email: owner.email, role: 1, staffRole: 'owner' })).id;
    sales.id = (await insertUser(handle.db, { name: sales.name, email: sales.email, role: 1, staffRole: 'sales' })).id;
    app = await createModuleTestApp(handle, [CarModule]);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('keeps cost lines with the total and the margin, audits each change, refuses sales, and tells the public nothing', async () => {
    const brand = await insertBrand(handle.db, { name: 'Subaru' });
    const car = await insertCar(handle.db, { brandId: brand.id, name: 'Subaru Forester 2.0 XT', price: 2_950_000 });

    // A purchase at auction in yen, with its rate; freight in shillings.
    let costs = await as(owner).addCost({
      carId: car.id,
      cost: { kind: 'purchase', currency: 'JPY', amount: 1_234_500, exchangeRate: 0.8731, supplier: 'USS Tokyo', receipt: 'LOT 40512' },
    });
    expect(costs.items).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        currency: 'JPY',
        amount: 1_234_500,
        exchangeRate: 0.8731,
        amountKes: 1_077_842,
        supplier: 'USS Tokyo',
        receipt: 'LOT 40512',
        recordedBy: 'Zawadi Owner',
      }),
    ]);
    costs = await as(owner).addCost({ carId: car.id, cost: { kind: 'freight', amount: 187_654, supplier: 'Maersk' } });
    expect(costs).toMatchObject({ totalKes: 1_265_496, priceKes: 2_950_000, marginKes: 1_684_504 });
    const freight = costs.items[1];
    expect(freight).toMatchObject({ currency: 'KES', exchangeRate: null, amountKes: 187_654 });

    // A correction: audited with the line before and after.
    costs = await as(owner).updateCost({ id: freight.id, cost: { kind: 'freight', amount: 190_000, supplier: 'Maersk', receipt: 'BL MSKU123' } });
    expect(costs.totalKes).toBe(1_267_842);
    const [corrected] = await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, car.id)).orderBy(desc(auditEvents.createdAt)).limit(1);
    expect(corrected.changes).toMatchObject({ costAmount: { before: '187654 KES', after: '190000 KES' }, costKes: { before: 187_654, after: 190_000 } });

    // A line in a foreign currency needs its rate; a bad amount names its field.
    await expect(as(owner).addCost({ carId: car.id, cost: { kind: 'duty', currency: 'USD', amount: 900 } })).rejects.toThrow(
      /Exchange rate is required for an amount in USD/,
    );
    await expect(as(owner).addCost({ carId: car.id, cost: { kind: 'duty', amount: -5 } })).rejects.toThrow(/Amount must be more than 0/);

    // Sales and visitors are refused every cost procedure.
    await expect(as(sales).costs({ carId: car.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(sales).addCost({ carId: car.id, cost: { kind: 'parts', amount: 5_000 } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(sales).removeCost({ id: freight.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(null).costs({ carId: car.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    // No public answer, nor the staff's car form, carries a cost figure.
    const answers = JSON.stringify([
      await as(null).bySlug({ slug: car.slug }),
      await as(null).list({}),
      await as(null).latest(),
      await as(null).compare({ slugs: [car.slug] }),
      await as(sales).forStaff({ slug: car.slug }),
      await as(sales).manage({}),
    ]);
    for (const figure of ['1077842', '1234500', '190000', '1267842', '1682158', 'USS Tokyo', 'LOT 40512', 'BL MSKU123']) expect(answers).not.toContain(figure);

    // Removed: gone from the list, audited with what it was.
    costs = await as(owner).removeCost({ id: freight.id });
    expect(costs.items.map((item) => item.kind)).toEqual(['purchase']);
    await expect(as(owner).removeCost({ id: freight.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(as(owner).costs({ carId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("emails an owner's aged-stock list once a week: the cars past their days, oldest first, with their costs", async () => {
    const brand = await insertBrand(handle.db, { name: 'Isuzu' });
    const old = await insertCar(handle.db, { brandId: brand.id, name: 'Isuzu D-Max 2016', price: 2_100_000 });
    const older = await insertCar(handle.db, { brandId: brand.id, name: 'Isuzu MU-X 2015', price: 2_900_000 });
    const young = await insertCar(handle.db, { brandId: brand.id, name: 'Isuzu D-Max 2021', price: 3_800_000 });
    const DAY = 86_400_000;
    for (const [car, days] of [[old, 80], [older, 130], [young, 20]] as const) {
      await handle.db.update(cars).set({ createdAt: new Date(Date.now() - days * DAY) }).where(eq(cars.id, car.id));
    }
    await as(owner).addCost({ carId: old.id, cost: { kind: 'purchase', amount: 1_400_000 } });

    await expect(as(sales).setAgedStockAlert({ days: 75 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(owner).setAgedStockAlert({ days: 3 })).rejects.toThrow(/Days must be at least 7/);
    expect(await as(owner).setAgedStockAlert({ days: 75 })).toEqual({ days: 75, lastSentAt: null });

    const alerts = app.get(AgedStockAlerts);
    const lists = () => handle.db.select().from(outboxMessages).where(and(eq(outboxMessages.topic, 'stock.aged'), eq(outboxMessages.recipient, owner.email)));
    expect(await alerts.sendDue()).toBe(1);
    const [list] = await lists();
    expect(list.subject).toBe('2 cars in stock for 75 days or more');
    // The oldest first, each with its days, price and recorded cost, linked to its back-office page.
    expect(list.bodyText.indexOf('Isuzu MU-X 2015')).toBeLessThan(list.bodyText.indexOf('Isuzu D-Max 2016'));
    expect(list.bodyText).toContain('130 days, asking KES 2,900,000, no cost recorded');
    expect(list.bodyText).toContain('80 days, asking KES 2,100,000, cost KES 1,400,000');
    expect(list.bodyText).toContain(`/dashboard/admin/car/${old.slug}`);
    expect(list.bodyText).not.toContain('Isuzu D-Max 2021');

    // Not again within the week; a week on, again.
    expect(await alerts.sendDue()).toBe(0);
    expect(await alerts.sendDue(new Date(Date.now() + 7 * DAY + 60_000))).toBe(1);
    expect(await lists()).toHaveLength(2);
    // Turned off: nothing more.
    expect(await as(owner).setAgedStockAlert({ days: null })).toEqual({ days: null, lastSentAt: null });
    expect(await alerts.sendDue(new Date(Date.now() + 30 * DAY))).toBe(0);
  });
});
