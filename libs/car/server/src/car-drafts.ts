import { carDrafts } from '@dealership/car-data';
import type { CarDraft } from '@dealership/car-schemas';
import type { ImageRef } from '@dealership/media-schemas';
import { MediaService } from '@dealership/media-server';
import { type Database, DB, type Transaction } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull } from 'drizzle-orm';

/** A traded car entering the stock: the offer it was bought with, the order delivered, what the buyer said of it. */
export interface NewTradeInDraft {
  offerId: string;
  reference: string;
  amountKes: number;
  orderId: string;
  title: string;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number | null;
  photos: ImageRef[];
}

/** What closing a draft into a listed car hands the car's creation: the purchase cost line's figures, and the photos it held. */
export interface ClaimedDraft {
  offerReference: string;
  purchaseKes: number;
  photos: ImageRef[];
}

const toDraft = (row: typeof carDrafts.$inferSelect): CarDraft => ({
  id: row.id,
  offerReference: row.offerReference,
  title: row.title,
  make: row.make,
  model: row.model,
  year: row.year,
  mileage: row.mileage,
  photos: row.photos,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Cars taken in and not listed yet (issue 46, `car_drafts`). The order domain writes one when an
 * order credited with a trade-in offer is delivered, and takes it back (while still open) when that
 * delivery is undone; each call joins the order's transaction. Staff list a draft through Create
 * Car (`claim`, in the car's own transaction) or dismiss it. A draft is never a row of `cars`, so
 * no public read of the catalogue can show one.
 */
@Injectable()
export class CarDrafts {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly media: MediaService,
  ) {}

  /** The order's trade-in enters the stock as a draft: once per offer (a second delivery of the same order changes nothing). */
  async addTradeIn(tx: Transaction, draft: NewTradeInDraft): Promise<void> {
    await tx
      .insert(carDrafts)
      .values({
        offerId: draft.offerId,
        offerReference: draft.reference,
        orderId: draft.orderId,
        title: draft.title,
        make: draft.make,
        model: draft.model,
        year: draft.year,
        mileage: draft.mileage,
        photos: draft.photos,
        purchaseKes: draft.amountKes,
      })
      .onConflictDoNothing({ target: carDrafts.offerId });
  }

  /**
   * The order's delivery is undone (re-opened or cancelled): its trade-in leaves the drafts, unless
   * it was listed or dismissed already. The photos the draft held, for `photosLetGo` once the
   * order's transaction has committed.
   */
  async withdraw(tx: Transaction, orderId: string): Promise<string[]> {
    const withdrawn = await tx
      .delete(carDrafts)
      .where(and(eq(carDrafts.orderId, orderId), isNull(carDrafts.closedAt)))
      .returning({ photos: carDrafts.photos });
    return withdrawn.flatMap((draft) => draft.photos.map((photo) => photo.publicId));
  }

  /** Deletes the photos a withdrawn draft held, unless the buyer's request (or a car) still shows them; after the commit. */
  async photosLetGo(publicIds: readonly string[]): Promise<void> {
    if (publicIds.length > 0) await this.media.removeUnlessHeld(publicIds);
  }

  /** The drafts waiting to be listed, the oldest first. */
  async open(): Promise<CarDraft[]> {
    const rows = await this.db.select().from(carDrafts).where(isNull(carDrafts.closedAt)).orderBy(asc(carDrafts.createdAt), asc(carDrafts.id));
    return rows.map(toDraft);
  }

  /** Closes an open draft as listed as car `carId`, in the car's creation; undefined when it is not open (listed or dismissed meanwhile, or none). */
  async claim(tx: Transaction, id: string, carId: string, by: string): Promise<ClaimedDraft | undefined> {
    const [claimed] = await tx
      .update(carDrafts)
      .set({ closedAt: new Date(), closedBy: by, listedCarId: carId })
      .where(and(eq(carDrafts.id, id), isNull(carDrafts.closedAt)))
      .returning({ offerReference: carDrafts.offerReference, purchaseKes: carDrafts.purchaseKes, photos: carDrafts.photos });
    return claimed;
  }

  /** Closes an open draft without a car; its offer, title and photos, or undefined when it is not open. */
  async dismiss(id: string, by: string): Promise<{ offerId: string; offerReference: string; title: string; photos: ImageRef[] } | undefined> {
    const [dismissed] = await this.db
      .update(carDrafts)
      .set({ closedAt: new Date(), closedBy: by })
      .where(and(eq(carDrafts.id, id), isNull(carDrafts.closedAt)))
      .returning({ offerId: carDrafts.offerId, offerReference: carDrafts.offerReference, title: carDrafts.title, photos: carDrafts.photos });
    return dismissed;
  }
}
