import { createModuleTestApp, insertCar } from '@dealership/app-schema/testing';
import { carInspections, inspectionChecklists } from '@dealership/inspection-data';
import type { DatabaseHandle } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { createCallerFactory } from '@dealership/server-trpc';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CarModule } from './car.module';
import { CarRouter } from './car.router';

// The catalogue's "Inspected" filter reads the inspection domain's published view (car_inspection_summaries).
describe('the catalogue filtered to inspected cars (integration, real database)', () => {
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await createModuleTestApp(handle, [CarModule]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('lists only the cars with an inspection when asked, every car otherwise, each saying whether it has one', async () => {
    const inspected = await insertCar(handle.db, { brandId: null, name: 'Toyota Axio Inspected' });
    const plain = await insertCar(handle.db, { brandId: null, name: 'Toyota Axio Plain' });
    const [checklist] = await handle.db.select().from(inspectionChecklists).limit(1);
    await handle.db.insert(carInspections).values({
      carId: inspected.id,
      checklistId: checklist.id,
      inspectedOn: '2026-11-20',
      inspector: 'Juma',
      odometerKm: 50_000,
      passed: 150,
      attention: 0,
      failed: 0,
      results: [],
    });
    const cars = createCallerFactory(app.get(CarRouter).router)({ user: null, ip: '127.0.0.1' });
    expect((await cars.list({ inspected: true })).items.map((car) => car.id)).toEqual([inspected.id]);
    expect((await cars.list({})).items.map((car) => car.id).sort()).toEqual([inspected.id, plain.id].sort());
    // Each car says whether it has a report (its card's "Inspected" mark), on the list and its page alike.
    expect(Object.fromEntries((await cars.list({})).items.map((car) => [car.id, car.inspected]))).toEqual({ [inspected.id]: true, [plain.id]: false });
    expect((await cars.bySlug({ slug: inspected.slug })).inspected).toBe(true);
  });
});
