import { carSpinFrames, cars } from '@dealership/car-data';
import type { CarSpin } from '@dealership/car-schemas';
import type { ImageRef } from '@dealership/media-schemas';
import { type Database, DB } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, inArray } from 'drizzle-orm';
import { CatalogueChanges } from './catalogue-changes';

/** The only code that reads and writes a car's spin frames (`car_spin_frames`). */
@Injectable()
export class CarSpinRepository {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly changes: CatalogueChanges,
  ) {}

  /** A car's frames in turning order (none when it has no spin set). */
  async frames(carId: string): Promise<CarSpin['frames']> {
    return this.db
      .select({ url: carSpinFrames.url, publicId: carSpinFrames.publicId })
      .from(carSpinFrames)
      .where(eq(carSpinFrames.carId, carId))
      .orderBy(asc(carSpinFrames.position));
  }

  /**
   * Replaces a car's frames with `frames`, in their order (none clears the set), in one
   * transaction that moves the catalogue's generation (the /cars "360° view" filter reads them).
   * The frames it replaced (read in that transaction, so two writes at once each get their own), or
   * undefined when there is no such car.
   */
  replace(carId: string, frames: ImageRef[]): Promise<ImageRef[] | undefined> {
    return this.changes.after(
      this.db.transaction(async (tx) => {
        // The car's row locked: two writes of one car's set never interleave their frames.
        const [car] = await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).for('update');
        if (!car) return undefined;
        const before = await tx
          .delete(carSpinFrames)
          .where(eq(carSpinFrames.carId, carId))
          .returning({ url: carSpinFrames.url, publicId: carSpinFrames.publicId });
        if (frames.length > 0)
          await tx.insert(carSpinFrames).values(frames.map((frame, position) => ({ carId, position, url: frame.url, publicId: frame.publicId })));
        return before;
      }),
    );
  }

  /** Which of `publicIds` a spin set still shows. */
  async inUse(publicIds: string[]): Promise<Set<string>> {
    if (publicIds.length === 0) return new Set();
    const rows = await this.db.selectDistinct({ publicId: carSpinFrames.publicId }).from(carSpinFrames).where(inArray(carSpinFrames.publicId, publicIds));
    return new Set(rows.map((row) => row.publicId));
  }
}
