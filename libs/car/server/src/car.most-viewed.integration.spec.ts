import { createModuleTestApp, insertBrand, insertCar, truncateAll } from '@dealership/app-schema/testing';
import { carDailyViews, cars } from '@dealership/car-data';
import { leads } from '@dealership/lead-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { nairobiDate } from '@dealership/shared-util';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { AuthUser } from '@dealership/shared-schemas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { asc, eq } from 'drizzle-orm';
import { CarViews } from './car-views';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

const PHONE = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

// The owner's "20 most viewed cars this month and their leads" (issue 28): car page views counted
// per car and day, once per viewer and day, crawlers and staff left out, never a row per view.
describe('most viewed cars (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  const owner: AuthUser = { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', name: 'Owner', email: 'owner@dealer.test', role: 1, staffRole: 'owner' };
  const as = (context: Partial<TrpcContext>) => createCallerFactory(app.get(CarRouter).router)({ user: null, ip: '127.0.0.1', ...context });
  const view = (slug: string, ip: string, context: Partial<TrpcContext> = {}) => as({ ip, userAgent: PHONE, ...context }).bySlug({ slug });
  const counters = () => handle.db.select().from(carDailyViews).orderBy(asc(carDailyViews.views));

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [CarModule]);
  });
  beforeEach(async () => truncateAll(handle));
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('counts a viewer once per car and day, leaves crawlers and staff out, and adds the views to one row per car and day', async () => {
    const brand = await insertBrand(handle.db, { name: 'Toyota' });
    const prado = await insertCar(handle.db, { brandId: brand.id, name: 'Toyota Prado 2019' });
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await view(prado.slug, ip);
    await view(prado.slug, '10.0.0.1'); // a reload or a refetch: the same viewer today
    // One IPv6 network is one viewer, whichever of its 2^64 addresses it sends from.
    for (const host of ['1', '2', 'abcd:1234:5678']) await view(prado.slug, `2c0f:fe38:2401:7::${host}`);
    await view(prado.slug, '66.249.66.1', { userAgent: GOOGLEBOT });
    await view(prado.slug, '10.0.0.9', { user: owner }); // the staff's own look-up
    expect(await counters()).toEqual([]); // in memory until the flush
    await app.get(CarViews).flush();
    expect(await counters()).toEqual([{ carId: prado.id, day: nairobiDate(), views: 4 }]);

    // More views later (another instance, or the next flush) add to the same row.
    await view(prado.slug, '10.0.0.4');
    await view(prado.slug, '10.0.0.5');
    await app.get(CarViews).flush();
    expect(await counters()).toEqual([{ carId: prado.id, day: nairobiDate(), views: 6 }]);
  });

  it("skips a car deleted before its views were written, and keeps the others' views", async () => {
    const brand = await insertBrand(handle.db, { name: 'Mazda' });
    const kept = await insertCar(handle.db, { brandId: brand.id, name: 'Mazda Demio 2017' });
    const gone = await insertCar(handle.db, { brandId: brand.id, name: 'Mazda Axela 2016' });
    await view(kept.slug, '10.0.1.1');
    await view(gone.slug, '10.0.1.1');
    await handle.db.delete(cars).where(eq(cars.id, gone.id));
    await app.get(CarViews).flush();
    expect(await counters()).toEqual([{ carId: kept.id, day: nairobiDate(), views: 1 }]);
  });

  it("lists this month's 20 most viewed cars, most first, with their leads this month, for owners only", async () => {
    const brand = await insertBrand(handle.db, { name: 'Nissan' });
    const made = [];
    for (let i = 0; i < 22; i++) made.push(await insertCar(handle.db, { brandId: brand.id, name: `Nissan Note ${2000 + i}` }));
    const today = nairobiDate();
    const month = today.slice(0, 7);
    // Car i viewed i+1 times this month (over two days); last month's views do not count.
    await handle.db.insert(carDailyViews).values(
      made.flatMap((car, i) => [
        { carId: car.id, day: `${month}-01`, views: i },
        { carId: car.id, day: today, views: 1 },
      ]),
    );
    const lastMonth = new Date(`${month}-01T00:00:00+03:00`).getTime() - 86_400_000;
    await handle.db.insert(carDailyViews).values({ carId: made[0].id, day: nairobiDate(new Date(lastMonth)), views: 1000 });
    // The most viewed car's leads: two this month, one last month.
    const base = { kind: 'enquiry', name: 'Buyer', phone: '+254712345678', message: 'Is it available?', carId: made[21].id };
    await handle.db.insert(leads).values([base, base, { ...base, createdAt: new Date(lastMonth) }]);

    const report = await as({ user: owner }).mostViewed();
    expect(report.month).toBe(month);
    expect(report.cars).toHaveLength(20);
    expect(report.cars.slice(0, 3).map((car) => [car.name, car.views, car.leads])).toEqual([
      ['Nissan Note 2021', 22, 2],
      ['Nissan Note 2020', 21, 0],
      ['Nissan Note 2019', 20, 0],
    ]);
    expect(report.cars.map((car) => car.name)).not.toContain('Nissan Note 2000');
    await expect(as({ user: { ...owner, staffRole: 'sales' } }).mostViewed()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
