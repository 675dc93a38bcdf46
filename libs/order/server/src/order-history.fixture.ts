import type { ReservationRules } from '@dealership/setting-schemas';
import { BUILT_IN_SETTING, type SettingService } from '@dealership/setting-server';
import { nairobiDate } from '@dealership/shared-util';
import { insertBrand, insertCar, insertOrder, insertUser } from '@dealership/app-schema/testing';
import { cars } from '@dealership/car-data';
import type { Database } from '@dealership/server-db';
import { eq } from 'drizzle-orm';

/** A moment of the fixture's history, `minutes` after its start. */
export const at = (minutes: number) => new Date(Date.parse('2026-03-01T08:00:00Z') + minutes * 60_000);

/**
 * The order tests' history: Amina's two orders (the first with two cars, the latest with a car
 * since deleted), Baraka's declined one between them, and an admin. After purchase a price
 * changes and a car is deleted: the orders keep what was bought. Returns the ids.
 */
export async function seedOrderHistory(db: Database) {
  const amina = await insertUser(db, { name: 'Amina' });
  const baraka = await insertUser(db, { name: 'Baraka' });
  const admin = await insertUser(db, { name: 'Boss', role: 1 });
  const toyota = await insertBrand(db, { name: 'Toyota' });
  const vitz = await insertCar(db, { name: 'Toyota Vitz', brandId: toyota.id, price: 650_000 });
  const prado = await insertCar(db, { name: 'Toyota Prado', brandId: toyota.id, price: 5_200_000 });
  const gone = await insertCar(db, { name: 'Toyota Probox', brandId: toyota.id, price: 900_000 });
  const axio = await insertCar(db, { name: 'Toyota Axio', brandId: toyota.id, price: 1_100_000 });

  const first = await insertOrder(db, {
    buyerId: amina.id,
    createdAt: at(0),
    lines: [
      { car: vitz, imageUrl: '/media/cars/vitz.webp' },
      { car: prado, imageUrl: null },
    ],
  });
  const other = await insertOrder(db, { buyerId: baraka.id, createdAt: at(5), paymentSuccess: false, lines: [{ car: axio }] });
  const latest = await insertOrder(db, { buyerId: amina.id, createdAt: at(10), lines: [{ car: gone, imageUrl: '/media/cars/probox.webp' }] });

  await db.update(cars).set({ price: 999_999 }).where(eq(cars.id, vitz.id));
  await db.delete(cars).where(eq(cars.id, gone.id));
  return { amina: amina.id, baraka: baraka.id, admin: admin.id, vitz: vitz.id, prado: prado.id, first: first.id, other: other.id, latest: latest.id };
}

/**
 * A rate set in force from today (after any the database starts with) whose reservation rules
 * differ from the defaults by `rules`: for tests that reserve many cars for one buyer (the default
 * cap is 2; order.unpaid-limit.integration.spec.ts tests it) or shorten a hold.
 */
export async function setReservationRules(settings: SettingService, rules: Partial<ReservationRules>, actor: { id: string; name: string; email: string }) {
  await settings.create(
    {
      effectiveFrom: nairobiDate(),
      duty: BUILT_IN_SETTING.duty,
      finance: BUILT_IN_SETTING.finance,
      reservation: { ...BUILT_IN_SETTING.reservation, ...rules },
      note: null,
    },
    actor,
  );
}
