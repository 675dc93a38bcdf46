import type { ImageRef } from '@dealership/media-schemas';
import { slugify } from '@dealership/shared-util';
import { modelFromName } from '@dealership/car-model';
import { count, eq } from 'drizzle-orm';
import { brandImages, brands } from '@dealership/brand-data';
import { carImages, carPriceChanges, cars } from '@dealership/car-data';
import { appState, type Database } from '@dealership/server-db';
import { paintColourName, renderBrandLogoSvg, renderCarSvg } from './art';
import { SEED_BRANDS, SEED_CARS } from './catalogue.data';
import { seedDemoInspections } from './seed-inspections';
import { renderSpinFrames, seedDemoSpins } from './seed-spins';

/** Stores one generated picture and says where it is (the media module provides this). */
export type SeedImageSink = (image: { svg: string; folder: 'cars' | 'brands'; name: string }) => Promise<ImageRef>;

export interface SeedResult {
  seeded: boolean;
  brands: number;
  cars: number;
}

const SEED_KEY = 'demo_catalogue_seeded';
const CAR_ANGLES = ['front-three-quarter', 'side', 'rear'] as const;
export const SEED_CAR_IMAGE = { width: 1200, height: 800 } as const;
export const SEED_LOGO_SIZE = 400;

/** Runs `task` over `items` with at most `limit` at once (image encoding is CPU-bound). */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * Seeds the demo catalogue on the first start of an installation, and never again: a marker in
 * `app_state` records it, so a catalogue the staff emptied on purpose stays empty. An installation
 * that already has brands or cars (say, migrated data) is marked seeded without adding anything.
 */
export async function seedDemoCatalogue(db: Database, sink: SeedImageSink, now = new Date()): Promise<SeedResult> {
  const [marker] = await db.select().from(appState).where(eq(appState.key, SEED_KEY));
  if (marker) return { seeded: false, brands: 0, cars: 0 };

  const [{ existing }] = await db.select({ existing: count() }).from(brands);
  if (existing > 0) {
    await db
      .insert(appState)
      .values({ key: SEED_KEY, value: { at: now.toISOString(), skipped: 'catalogue not empty' } })
      .onConflictDoNothing();
    return { seeded: false, brands: 0, cars: 0 };
  }

  // Pictures first (outside the transaction: it is file I/O and CPU), then every row at once.
  const concurrency = 4;
  const logos = await mapLimited(SEED_BRANDS, concurrency, (brand) =>
    sink({ svg: renderBrandLogoSvg({ name: brand.name, colors: brand.colors, size: SEED_LOGO_SIZE }), folder: 'brands', name: `${slugify(brand.name)}-logo` }),
  );
  const carPictures = await mapLimited(SEED_CARS, concurrency, (car) =>
    Promise.all(
      CAR_ANGLES.map((angle) =>
        sink({
          svg: renderCarSvg({ bodyType: car.bodyType, paint: car.paint, angle, ...SEED_CAR_IMAGE }),
          folder: 'cars',
          name: `${slugify(car.name)}-${angle}`,
        }),
      ),
    ),
  );

  // Two cars turn in a 360-degree view (issue 44): the first two of the catalogue, whose pages a newcomer opens first.
  const spins = await mapLimited(SEED_CARS.slice(0, 2), 1, (car) => renderSpinFrames(car, sink));

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appState)
      .values({ key: SEED_KEY, value: { at: now.toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return { seeded: false, brands: 0, cars: 0 };

    const brandRows = await tx
      .insert(brands)
      .values(
        SEED_BRANDS.map((b, i) => ({
          name: b.name,
          slug: slugify(b.name),
          description: b.description,
          // Brands keep the catalogue's order (the home page shows the first eight).
          createdAt: new Date(now.getTime() - (SEED_BRANDS.length - i) * 60_000),
        })),
      )
      .returning({ id: brands.id, name: brands.name });
    const brandIdByName = new Map(brandRows.map((b) => [b.name, b.id]));
    await tx.insert(brandImages).values(brandRows.map((b, i) => ({ brandId: b.id, url: logos[i].url, publicId: logos[i].publicId, position: 0 })));

    const carRows = await tx
      .insert(cars)
      .values(
        SEED_CARS.map(({ brand, paint, ...car }, i) => ({
          ...car,
          // Every demo name starts with its brand and model (catalogue.data.spec holds it), so the rule reads it.
          model: modelFromName(brand, car.name),
          exteriorColour: paintColourName(paint),
          slug: slugify(car.name),
          brandId: brandIdByName.get(brand) ?? null,
          // The catalogue's first cars are the newest (a minute apart, so the order is stable).
          createdAt: new Date(now.getTime() - i * 60_000),
          updatedAt: new Date(now.getTime() - i * 60_000),
        })),
      )
      .returning({ id: cars.id });
    await tx
      .insert(carImages)
      .values(
        carRows.flatMap((car, i) => carPictures[i].map((picture, position) => ({ carId: car.id, url: picture.url, publicId: picture.publicId, position }))),
      );
    // One car's price was cut five days ago: the car page's "Reduced by" and the "Recently reduced" order have a car to show.
    const cut = { car: carRows[2], amount: 150_000, at: new Date(now.getTime() - 5 * 86_400_000) };
    const cutPrice = SEED_CARS[2].price;
    await tx.insert(carPriceChanges).values({ carId: cut.car.id, oldPrice: cutPrice + cut.amount, newPrice: cutPrice, changedAt: cut.at, changedBy: 'Sales team' });
    await tx.update(cars).set({ priceReducedAt: cut.at, priceReducedBy: cut.amount }).where(eq(cars.id, cut.car.id));
    await seedDemoSpins(tx, spins.map((frames, i) => ({ carId: carRows[i].id, frames })));
    await seedDemoInspections(tx, carRows.map((car, i) => ({ id: car.id, mileage: SEED_CARS[i].mileage, condition: SEED_CARS[i].condition })), now);
    return { seeded: true, brands: brandRows.length, cars: carRows.length };
  });
}
