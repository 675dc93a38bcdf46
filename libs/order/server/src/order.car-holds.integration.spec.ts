import { CarModule, CarRouter } from '@dealership/car-server';
import { createModuleTestApp, insertBrand, insertCar, insertUser } from '@dealership/app-schema/testing';
import { cars } from '@dealership/car-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { PaymentModule } from '@dealership/server-payment';
import { createCallerFactory, type TrpcContext } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { OrderModule } from './order.module';
import { OrderRouter } from './order.router';

// A car an order holds moves only with the order: the catalogue's edit of its status is refused
// (issue 27), read from the order domain's published view `car_holds`.
describe('cars held by orders: a catalogue edit cannot move their status (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let brandId: string;
  const people: Record<'amina' | 'admin', TrpcContext['user'] & object> = {} as never;
  const orders = (ctx: TrpcContext) => createCallerFactory(app.get(OrderRouter).router)(ctx);
  const catalogue = () => createCallerFactory(app.get(CarRouter).router)({ user: people.admin, ip: '127.0.0.1' });
  const statusOf = async (id: string) => (await handle.db.select({ status: cars.status }).from(cars).where(eq(cars.id, id)))[0].status;

  beforeAll(async () => {
    handle = await createTestDatabase();
    brandId = (await insertBrand(handle.db, { name: 'Toyota' })).id;
    const amina = await insertUser(handle.db, { name: 'Amina Wanjiru', email: 'amina@example.co.ke', phone: '0712345678', address: 'Nyali, Mombasa' });
    const admin = await insertUser(handle.db, { name: 'Boss', email: 'boss@dealer.test', role: 1 });
    people.amina = { id: amina.id, name: 'Amina Wanjiru', email: 'amina@example.co.ke', role: 0 };
    people.admin = { id: admin.id, name: 'Boss', email: 'boss@dealer.test', role: 1 };
    app = await createModuleTestApp(handle, [PaymentModule, OrderModule, CarModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("refuses a new status for a reserved car, naming the order's status as the way, and takes the car's other edits", async () => {
    const car = await insertCar(handle.db, { name: 'Toyota Harrier Held', brandId, price: 3_950_000 });
    const order = await orders({ user: people.amina, ip: '127.0.0.1' }).place({ carIds: [car.id], payment: { method: 'reservation' } });
    expect(await statusOf(car.id)).toBe('Reserved');

    for (const status of ['Available', 'Sold'] as const) {
      await expect(catalogue().update({ id: car.id, status })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: "An order holds this car: change the order's status (Orders) to free or sell it, not the car's",
      });
    }
    expect(await statusOf(car.id)).toBe('Reserved');
    // Its status as it is, and its other fields, are the catalogue's to edit.
    expect((await catalogue().update({ id: car.id, status: 'Reserved', price: 3_900_000 })).price).toBe(3_900_000);

    // The order's own status change moves it: cancelled, the car is free, and the catalogue may edit its status again.
    await orders({ user: people.admin, ip: '127.0.0.1' }).setStatus({ orderId: order.id, status: 'cancel' });
    expect(await statusOf(car.id)).toBe('Available');
    expect((await catalogue().update({ id: car.id, status: 'Sold' })).status).toBe('Sold');
  });

  it('keeps a delivered order\'s car Sold: the catalogue cannot put it back on sale', async () => {
    const car = await insertCar(handle.db, { name: 'Toyota Vitz Delivered', brandId, price: 650_000 });
    const order = await orders({ user: people.amina, ip: '127.0.0.1' }).place({ carIds: [car.id], payment: { method: 'reservation' } });
    await orders({ user: people.admin, ip: '127.0.0.1' }).setStatus({ orderId: order.id, status: 'deliverd' });
    expect(await statusOf(car.id)).toBe('Sold');
    await expect(catalogue().update({ id: car.id, status: 'Available' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await statusOf(car.id)).toBe('Sold');
  });

  it('lets the catalogue set the status of a car no order holds', async () => {
    const car = await insertCar(handle.db, { name: 'Toyota Probox Free', brandId, price: 900_000 });
    expect((await catalogue().update({ id: car.id, status: 'Reserved' })).status).toBe('Reserved');
    expect((await catalogue().update({ id: car.id, status: 'Available' })).status).toBe('Available');
  });
});
