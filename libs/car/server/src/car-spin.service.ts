import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { CarSpin } from '@dealership/car-schemas';
import type { ImageRef } from '@dealership/media-schemas';
import { MediaService } from '@dealership/media-server';
import { DomainError } from '@dealership/shared-schemas';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { CatalogueChanges } from './catalogue-changes';
import { CarSpinRepository } from './car-spin.repository';
import { CarRepository } from './car.repository';
import { DuplicateFrameError } from './car-spin.errors';
import { CarNotFoundError, ForeignImageError } from './car.errors';

/** Cars whose spin sets are kept in memory (most have none: an entry is then a few bytes; a set of 72 about 10 KB). */
export const SPIN_CACHE_SIZE = 2000;

/**
 * A car's 360-degree view (issue 44): staff set its frames (our own uploads, re-encoded as every
 * car picture is) or clear them; the frames a set lets go of are deleted from storage, as a car's
 * pictures are, and go with the car when it is deleted.
 */
@Injectable()
export class CarSpinService {
  /**
   * The car page asks for its car's spin set on every render, and the page itself is answered from
   * memory (CarService's bySlug cache): so are the sets, under the catalogue generation they were
   * read in, which a set's write moves (here or on another instance).
   */
  private readonly cache = new LRUCache<string, { version: number; spin: CarSpin }>({ max: SPIN_CACHE_SIZE });

  constructor(
    private readonly spins: CarSpinRepository,
    private readonly cars: CarRepository,
    private readonly media: MediaService,
    private readonly audit: AuditService,
    private readonly changes: CatalogueChanges,
  ) {}

  /** A car's frames in turning order; none when it has no spin set (or there is no such car). */
  async spin(carId: string): Promise<CarSpin> {
    const version = this.changes.version;
    const cached = version === undefined ? undefined : this.cache.get(carId);
    if (cached && cached.version === version) return cached.spin;
    const spin = { frames: await this.spins.frames(carId) };
    if (version !== undefined) this.cache.set(carId, { version, spin });
    return spin;
  }

  /** Replaces a car's spin set with `frames` (24-72, checked by the input schema), in their order. */
  async set(carId: string, frames: ImageRef[], actor: AuditActor): Promise<CarSpin> {
    const foreign = frames.findIndex((frame) => !this.media.isOwnImage(frame));
    if (foreign >= 0) throw new ForeignImageError(`frames.${foreign}`);
    if (new Set(frames.map((frame) => frame.publicId)).size !== frames.length) throw new DuplicateFrameError();
    try {
      await this.media.checkNotHeldElsewhere(frames, { kind: 'car', id: carId });
    } catch (error) {
      // Media names the list it checks `images`; here it is `frames`.
      if (error instanceof DomainError && error.field?.startsWith('images.')) {
        const field = error.field.replace('images.', 'frames.');
        throw new DomainError(error.code, error.message.replace(error.field, field), field);
      }
      throw error;
    }
    return this.write(carId, frames, actor);
  }

  /** Removes a car's spin set; its frames are deleted from storage. */
  clear(carId: string, actor: AuditActor): Promise<CarSpin> {
    return this.write(carId, [], actor);
  }

  /** The frames of a car about to be deleted (its rows go with it): `removed` deletes their files after. */
  async beforeCarRemoved(carId: string): Promise<{ removed(): Promise<void> }> {
    const frames = await this.spins.frames(carId);
    return { removed: () => this.removeFromStorage(frames.map((frame) => frame.publicId)) };
  }

  private async write(carId: string, frames: ImageRef[], actor: AuditActor): Promise<CarSpin> {
    const before = await this.spins.replace(carId, frames);
    if (!before) throw new CarNotFoundError(carId);
    await this.media.attach(frames.map((frame) => frame.publicId));
    const kept = new Set(frames.map((frame) => frame.publicId));
    await this.removeFromStorage(before.map((frame) => frame.publicId).filter((publicId) => !kept.has(publicId)));
    const car = await this.cars.byId(carId);
    await this.audit.record({
      actor,
      entity: 'car',
      entityId: carId,
      label: car?.name,
      action: 'update',
      before: { spinFrames: before.length },
      after: { spinFrames: frames.length },
    });
    return { frames: await this.spins.frames(carId) };
  }

  /** Deletes the files nothing shows any more (media asks every holder: a car's pictures, every spin set ...); a storage failure is logged, not answered. */
  private async removeFromStorage(publicIds: string[]): Promise<void> {
    if (publicIds.length > 0) await this.media.removeUnlessHeld(publicIds);
  }
}
