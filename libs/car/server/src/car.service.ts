import { type AuditActor, AuditService } from '@dealership/audit-server';
import {
  type Car,
  type CarCreateFields,
  type CarListFilters,
  type CarManageFilters,
  type CarStaff,
  type CarModelOption,
  type CarMostViewed,
  type CarPage,
  type CarPriceChange,
  type CarStats,
  type CarStockAge,
  type CarUpdateFields,
  CAROUSEL_SLIDES,
  HOME_SHOWCASE_SIZE,
  modelFromName,
  MOST_VIEWED_CARS,
  PRICE_CUT_RECENT_DAYS,
  RECENTLY_SOLD_DAYS,
  RECENTLY_SOLD_LIMIT,
  RELATED_CARS_LIMIT,
} from '@dealership/car-schemas';
import { MediaService } from '@dealership/media-server';
import type { Transaction } from '@dealership/server-db';
import { CatalogueChanges } from './catalogue-changes';
import { CatalogueWriter } from './catalogue-writes';
import { daysBefore } from '@dealership/shared-schemas';
import { nairobiDate } from '@dealership/shared-util';
import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { carConditions } from './car-filters';
import {
  CarBrandNotFoundError,
  CarHeldByOrderError,
  CarStockNumberTakenError,
  CarImageNotFoundError,
  CarNotFoundError,
  CarSlugConflictError,
  EngineSizeRequiredError,
  ForeignImageError,
} from './car.errors';
import { CarLandingRepository } from './car-landing.repository';
import { CarSpinService } from './car-spin.service';
import { CarReportRepository } from './car-report.repository';
import { CarRepository } from './car.repository';

/** Car pages kept in memory by slug (a few KB each): the ones people are looking at now. */
export const CAR_PAGE_CACHE_SIZE = 2000;

/**
 * ...and at most this much memory, by `cachedCarBytes`: a description may hold 20,000 characters,
 * so 2,000 cars alone could be 80 MB; typical cars (about 1.2 KB of JSON) fill it near 1,700.
 */
export const CAR_PAGE_CACHE_BYTES = 4 * 1024 * 1024;

/** Roughly what a car takes in memory: its JSON text twice over (V8's strings and objects). */
export const cachedCarBytes = (car: Car): number => 2 * JSON.stringify(car).length;

/** Freezes a cached car, so a caller that changed the shared object would fail loudly instead of changing it for every later reader. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** An engine size of 0 means none: an electric car's, never another fuel's. */
function checkEngineSize(fuelType: string, engineSize: number): void {
  if (engineSize === 0 && fuelType !== 'Electric') throw new EngineSizeRequiredError();
}

/** A car as the audit log (staff only) records it: the brand by id (its own changes are the brand's record), the whole chassis number. */
const auditView = ({ chassisNumberEnd: _end, ...car }: CarStaff) => ({ ...car, brand: car.brand?.id ?? null });

/**
 * Whether a car's "Reduced by" has outlived PRICE_CUT_RECENT_DAYS since it was read: the database
 * says so at read time, and no write need come along to end it, so a cached car is read again.
 */
function cutNoLongerRecent(car: Car, now = Date.now()): boolean {
  return car.priceReduction !== null && Date.parse(car.priceReduction.on) + PRICE_CUT_RECENT_DAYS * 86_400_000 <= now;
}

@Injectable()
export class CarService {
  private readonly logger = new Logger('CarService');
  /**
   * `bySlug`'s cars with the catalogue generation they were read in. The car page is the most
   * requested read, and answering it from memory takes the database off its path: car.bySlug went
   * from 0.53x to 1.0x the bare node:http + pg server at 10,000 and 100,000 cars (docs/speed.md,
   * "Speed"). Any write to the catalogue, here or on another instance, moves the generation
   * (CatalogueChanges), so no stale car is served.
   */
  private readonly bySlugCache = new LRUCache<string, { version: number; car: Car }>({
    max: CAR_PAGE_CACHE_SIZE,
    maxSize: CAR_PAGE_CACHE_BYTES,
    sizeCalculation: ({ car }) => cachedCarBytes(car),
  });

  /** The car page cache's size by `cachedCarBytes` (tests hold it to CAR_PAGE_CACHE_BYTES). */
  get pageCacheBytes(): number {
    return this.bySlugCache.calculatedSize;
  }

  private readonly writes: CatalogueWriter<'brand-not-found' | 'stock-number-taken' | 'not-found' | 'held-by-order'>;

  constructor(
    private readonly cars: CarRepository,
    private readonly reports: CarReportRepository,
    private readonly landing: CarLandingRepository,
    media: MediaService,
    private readonly audit: AuditService,
    private readonly changes: CatalogueChanges,
    private readonly spins: CarSpinService,
  ) {
    this.writes = new CatalogueWriter({
      kind: 'car',
      media,
      store: cars,
      foreignImage: (field) => new ForeignImageError(field),
      slugConflict: () => new CarSlugConflictError(),
      failure: (reason, _name, key) => {
        switch (reason) {
          case 'brand-not-found':
            return new CarBrandNotFoundError();
          case 'held-by-order':
            return new CarHeldByOrderError();
          case 'stock-number-taken':
            return new CarStockNumberTakenError();
          default:
            return new CarNotFoundError(key as string);
        }
      },
      warn: (message) => this.logger.warn(message),
    });
  }

  list(filters: CarListFilters): Promise<CarPage> {
    return this.cars.list(filters);
  }

  /** The back office's list: every car, sold ones included, newest first. */
  manage(filters: CarManageFilters): Promise<CarPage> {
    return this.cars.manage(filters);
  }

  /** The owner's stock age report. */
  stockAge(): Promise<CarStockAge> {
    return this.reports.stockAge();
  }

  /** The owner's most-viewed report: this month's (Nairobi) most viewed cars and their leads this month. */
  async mostViewed(now = new Date()): Promise<CarMostViewed> {
    const month = nairobiDate(now).slice(0, 7);
    // Nairobi keeps East Africa Time all year (UTC+3, no summer time).
    const cars = await this.reports.mostViewed(`${month}-01`, new Date(`${month}-01T00:00:00+03:00`), MOST_VIEWED_CARS);
    return { month, cars };
  }

  /** The back office's catalogue counts, sold cars included. */
  stats(): Promise<CarStats> {
    return this.reports.stats();
  }

  /** The listed catalogue (sold cars left out), newest first, optionally narrowed by a literal search text. */
  all(search?: string): Promise<Car[]> {
    return this.cars.all(carConditions(search ? { search } : {}));
  }

  /** The home page's newest cars. */
  latest(): Promise<Car[]> {
    return this.cars.newest(HOME_SHOWCASE_SIZE);
  }

  /** The home carousel's cars: the featured ones, newest first; the newest when none is featured. */
  async featured(): Promise<Car[]> {
    const featured = await this.cars.featured(CAROUSEL_SLIDES);
    return featured.length > 0 ? featured : this.cars.newest(CAROUSEL_SLIDES);
  }

  /** The models of a brand's listed cars with their counts (the model filter's options, the model landing pages). */
  models(brand: string): Promise<CarModelOption[]> {
    return this.landing.models(brand);
  }

  /** A car by slug, sold ones included (their pages stay). */
  async bySlug(slug: string): Promise<Car> {
    // The generation before the read: a write that lands during it leaves the entry out of date.
    const version = this.changes.version;
    const cached = version === undefined ? undefined : this.bySlugCache.get(slug);
    if (cached && cached.version === version && !cutNoLongerRecent(cached.car)) return cached.car;
    const car = await this.cars.bySlug(slug);
    if (!car) throw new CarNotFoundError(slug);
    if (version !== undefined) this.bySlugCache.set(slug, { version, car: deepFreeze(car) });
    return car;
  }

  /** The cars of `slugs` that exist, in that order. */
  bySlugs(slugs: string[]): Promise<Car[]> {
    return this.cars.bySlugs(slugs);
  }

  async byId(id: string): Promise<Car> {
    const car = await this.cars.byId(id);
    if (!car) throw new CarNotFoundError(id);
    return car;
  }

  /** A car as staff read it, with its whole chassis number (the back office's edit form). */
  async forStaff(key: { id: string } | { slug: string }): Promise<CarStaff> {
    const car = await this.cars.forStaff(key);
    if (!car) throw new CarNotFoundError('id' in key ? key.id : key.slug);
    return car;
  }

  related(carId: string, brandId: string): Promise<Car[]> {
    return this.cars.relatedTo(carId, brandId, RELATED_CARS_LIMIT);
  }

  /** The /cars "Recently sold" strip: cars sold in the last 30 days, the latest first (at most 8). */
  recentlySold(now: Date = new Date()): Promise<Car[]> {
    return this.cars.soldSince(daysBefore(now, RECENTLY_SOLD_DAYS), RECENTLY_SOLD_LIMIT);
  }

  /** A brand's listed cars, newest first (at most `limit`). */
  allOfBrand(brandId: string, limit: number): Promise<Car[]> {
    return this.cars.ofBrand(brandId, limit);
  }

  /**
   * Adds a car under a unique slug of its name; its pictures must be our own uploads. `alongside`
   * writes in the car's transaction (given its id): a draft closed as listed, its purchase cost.
   */
  async create(input: CarCreateFields, actor: AuditActor, alongside?: (tx: Transaction, id: string) => Promise<void>): Promise<CarStaff> {
    const { brandId, images, ...given } = input;
    checkEngineSize(given.fuelType, given.engineSize);
    await this.writes.checkImages(images);
    // Legacy writes never send a model: it is read from the name, as migration 0034 did for the cars before it.
    const fields = { ...given, model: given.model ?? modelFromName(await this.cars.brandName(brandId), given.name) };
    const id = await this.writes.withUniqueSlug(fields.name, undefined, (slug) => this.cars.insert(brandId, { ...fields, slug }, images, alongside));
    await this.writes.imagesSaved(images);
    const car = await this.forStaff({ id });
    await this.audit.record({ actor, entity: 'car', entityId: id, label: car.name, action: 'create', after: auditView(car) });
    return car;
  }

  /**
   * Changes the fields given. A new name gets a new unique slug; a new picture list replaces the
   * old one, and the pictures no longer used are deleted from storage.
   */
  async update(input: CarUpdateFields, actor: AuditActor): Promise<CarStaff> {
    const { id, images, ...fields } = input;
    const before = await this.forStaff({ id });
    if (fields.fuelType !== undefined || fields.engineSize !== undefined)
      checkEngineSize(fields.fuelType ?? before.fuelType, fields.engineSize ?? before.engineSize);
    if (images) await this.writes.checkImages(images, id);
    const renamed = fields.name !== undefined && fields.name !== before.name;
    const write = (slug?: string) => this.cars.update(id, slug ? { ...fields, slug } : fields, images, actor.name);
    if (renamed) await this.writes.withUniqueSlug(fields.name as string, id, write);
    else this.writes.unwrap(await write(), fields.name, id);
    if (images) await this.writes.imagesSaved(images, before.images);
    const after = await this.forStaff({ id });
    await this.audit.record({ actor, entity: 'car', entityId: id, label: after.name, action: 'update', before: auditView(before), after: auditView(after) });
    return after;
  }

  /** Every change of the car's price, the latest first (the back office's history). */
  async priceHistory(carId: string): Promise<CarPriceChange[]> {
    await this.byId(carId);
    return this.cars.priceHistory(carId);
  }

  /** Deletes a car, its pictures and its spin frames; orders keep what was bought (their lines copy the car). */
  async remove(id: string, actor: AuditActor): Promise<void> {
    const before = await this.forStaff({ id });
    const spin = await this.spins.beforeCarRemoved(id);
    if (!(await this.cars.remove(id))) throw new CarNotFoundError(id);
    await this.writes.removeFromStorage(before.images.map((image) => image.publicId));
    await spin.removed();
    await this.audit.record({ actor, entity: 'car', entityId: id, label: before.name, action: 'remove', before: auditView(before) });
  }

  /** Detaches one picture from a car and deletes it from storage. */
  async removeImage(carId: string, publicId: string, actor: AuditActor): Promise<Car> {
    const before = await this.byId(carId);
    if (!(await this.cars.removeImage(carId, publicId))) throw new CarImageNotFoundError();
    await this.writes.removeFromStorage([publicId]);
    const after = await this.byId(carId);
    await this.audit.record({
      actor,
      entity: 'car',
      entityId: carId,
      label: after.name,
      action: 'removeImage',
      before: { images: before.images },
      after: { images: after.images },
    });
    return after;
  }
}
