import { brandImages, brands } from '@dealership/brand-data';
import { carImages, cars } from '@dealership/car-data';
import type { ImageRef } from '@dealership/media-schemas';
import type { Database, Transaction } from '@dealership/server-db';
import { slugify, uniqueSlug } from '@dealership/shared-util';
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CatalogueChanges } from './catalogue-changes';

// What a catalogue write (a car, a brand) shares: a unique slug of the name, the pictures saved in
// order with the row, and the files in storage attached, or deleted once no row shows them.

/** What a catalogue write came to: done, or why not (`slug-taken`: another write took the slug meanwhile). */
export type CatalogueWriteResult<Reason extends string> = { ok: true; id: string } | { ok: false; reason: Reason | 'slug-taken' };

/** Attempts at a unique slug when another write takes the chosen one between the check and the insert. */
export const SLUG_ATTEMPTS = 5;

/** A catalogue table (`cars`, `brands`) and its pictures' table, as the shared writes read them. */
export interface CatalogueTables<Items extends PgTable = PgTable> {
  items: Items;
  id: AnyPgColumn;
  slug: AnyPgColumn;
  images: PgTable;
  /** The pictures' column naming their row (`carImages.carId`). */
  owner: AnyPgColumn;
  publicId: AnyPgColumn;
  /** A picture's row to insert: `image`, the `position`-th of row `ownerId`. */
  imageRow(ownerId: string, image: ImageRef, position: number): Record<string, unknown>;
}

export const CAR_CATALOGUE: CatalogueTables<typeof cars> = {
  items: cars,
  id: cars.id,
  slug: cars.slug,
  images: carImages,
  owner: carImages.carId,
  publicId: carImages.publicId,
  imageRow: (carId, image, position) => ({ carId, url: image.url, publicId: image.publicId, position }),
};

export const BRAND_CATALOGUE: CatalogueTables<typeof brands> = {
  items: brands,
  id: brands.id,
  slug: brands.slug,
  images: brandImages,
  owner: brandImages.brandId,
  publicId: brandImages.publicId,
  imageRow: (brandId, image, position) => ({ brandId, url: image.url, publicId: image.publicId, position }),
};

/** Replaces a row's pictures with `images`, in their order, inside the caller's transaction. */
export async function replaceImages(tx: Transaction, tables: CatalogueTables, ownerId: string, images: ImageRef[]): Promise<void> {
  await tx.delete(tables.images).where(eq(tables.owner, ownerId));
  // The rows are typed by `imageRow`'s table: the descriptors above pair each with its own.
  if (images.length > 0) await tx.insert(tables.images).values(images.map((image, position) => tables.imageRow(ownerId, image, position)) as never);
}

/**
 * The writes a catalogue's repository shares: each in one transaction that moves the catalogue's
 * generation (`CatalogueChanges`), with `failure` answering the reason of a failure it expects (a
 * unique or foreign key violation) and rethrowing others.
 */
export class CatalogueRows<Items extends PgTable, Reason extends string> {
  constructor(
    private readonly db: Database,
    private readonly changes: CatalogueChanges,
    private readonly tables: CatalogueTables<Items>,
    private readonly failure: (error: unknown) => CatalogueWriteResult<Reason>,
  ) {}

  /** The slugs taken by `base` and its numbered forms (`base`, `base-2` ...), but `exceptId`'s own. */
  async slugsLike(base: string, exceptId?: string): Promise<Set<string>> {
    const { id, slug } = this.tables;
    const items: PgTable = this.tables.items;
    const rows = await this.db
      .select({ slug })
      .from(items)
      .where(and(or(eq(slug, base), like(slug, `${base}-%`)), exceptId ? ne(id, exceptId) : undefined));
    return new Set(rows.map((r) => r.slug as string));
  }

  /** Inserts a row with its pictures in order, and `alongside`'s writes (given the new row's id) in the same transaction. */
  insert(values: Items['$inferInsert'], images: ImageRef[], alongside?: (tx: Transaction, id: string) => Promise<void>): Promise<CatalogueWriteResult<Reason>> {
    return this.write(async (tx) => {
      const [row] = (await tx.insert(this.tables.items).values(values).returning({ id: this.tables.id })) as { id: string }[];
      await replaceImages(tx, this.tables, row.id, images);
      await alongside?.(tx, row.id);
      return { ok: true, id: row.id };
    });
  }

  /**
   * Changes a row's given columns, and replaces its pictures when `images` is given; `updatedAt`
   * moves even when only the pictures change. `guard`, when given, runs first in the same
   * transaction (the row locked by then is the caller's to take): a reason it returns refuses the
   * write.
   */
  update<Refusal extends string = never>(
    id: string,
    columns: Partial<Items['$inferInsert']>,
    images?: ImageRef[],
    guard?: (tx: Transaction) => Promise<Refusal | undefined>,
  ): Promise<CatalogueWriteResult<Reason | 'not-found' | Refusal>> {
    return this.write<'not-found' | Refusal>(async (tx) => {
      const refusal = guard ? await guard(tx) : undefined;
      if (refusal) return { ok: false, reason: refusal };
      const [row] = (await tx
        .update(this.tables.items)
        .set({ ...columns, updatedAt: new Date() } as never)
        .where(eq(this.tables.id, id))
        .returning({ id: this.tables.id })) as { id: string }[];
      if (!row) return { ok: false, reason: 'not-found' };
      if (images) await replaceImages(tx, this.tables, id, images);
      return { ok: true, id };
    });
  }

  private async write<Extra extends string = never>(
    work: (tx: Transaction) => Promise<CatalogueWriteResult<Reason | Extra>>,
  ): Promise<CatalogueWriteResult<Reason | Extra>> {
    try {
      return await this.changes.after(this.db.transaction(work));
    } catch (error) {
      return this.failure(error);
    }
  }
}

/** What a catalogue write needs of the media store (the media feature's `MediaService`). */
export interface CatalogueMedia {
  /** Whether the image is one of our own store's (not a foreign url, `javascript:` ...). */
  isOwnImage(image: ImageRef): boolean;
  /** Refuses pictures that another car or brand holds. */
  checkNotHeldElsewhere(images: ImageRef[], owner: { kind: 'car' | 'brand'; id?: string }): Promise<void>;
  /** Marks uploads as used, so the sweep of unused uploads leaves them. */
  attach(publicIds: string[]): Promise<void>;
  /** Deletes the files of `publicIds` nothing shows any more (media checks every holder: cars, brands, drafts, kept requests). */
  removeUnlessHeld(publicIds: readonly string[]): Promise<unknown>;
}

/** How one catalogue (cars, brands) words its failures and finds its slugs and pictures. */
export interface CatalogueWriterOptions<Reason extends string> {
  kind: 'car' | 'brand';
  media: CatalogueMedia;
  /** The catalogue's repository: the slugs taken by `base` and its numbered forms (but `exceptId`'s own). */
  store: { slugsLike(base: string, exceptId?: string): Promise<Set<string>> };
  /** The error for a picture not of our store, at `field` (`images.2`). */
  foreignImage(field: string): Error;
  /** The error when no free slug held through `SLUG_ATTEMPTS` writes. */
  slugConflict(): Error;
  /** The error of a failed write (`reason` is never `slug-taken`); `name` is the name written. */
  failure(reason: Reason, name: string | undefined, id: string | undefined): Error;
  /** Where a storage failure is reported (it is logged, not answered). */
  warn(message: string): void;
}

/**
 * The steps of a catalogue write around the database's: pictures checked before, the row saved
 * under a unique slug of its name, the pictures attached after, and the files the row let go of
 * deleted from storage (a compensation that never fails the write: a file left behind harms nobody).
 */
export class CatalogueWriter<Reason extends string> {
  constructor(private readonly options: CatalogueWriterOptions<Reason>) {}

  /** Refuses pictures not of our store (naming the first) or held by another row; `id`: the row written, if it exists. */
  async checkImages(images: ImageRef[], id?: string): Promise<void> {
    const foreign = images.findIndex((image) => !this.options.media.isOwnImage(image));
    if (foreign >= 0) throw this.options.foreignImage(`images.${foreign}`);
    await this.options.media.checkNotHeldElsewhere(images, { kind: this.options.kind, id });
  }

  /** Runs `write` with the first free slug of `name`, again when a concurrent write took it; the row's id. */
  async withUniqueSlug(name: string, exceptId: string | undefined, write: (slug: string) => Promise<CatalogueWriteResult<Reason>>): Promise<string> {
    const base = slugify(name) || 'item';
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const slug = uniqueSlug(base, await this.options.store.slugsLike(base, exceptId));
      const result = await write(slug);
      if (result.ok || result.reason !== 'slug-taken') return this.unwrap(result, name, exceptId ?? slug);
    }
    throw this.options.slugConflict();
  }

  /** The row's id, or the error of the write's failure. */
  unwrap(result: CatalogueWriteResult<Reason>, name: string | undefined, id: string | undefined): string {
    if (result.ok) return result.id;
    if (result.reason === 'slug-taken') throw this.options.slugConflict();
    throw this.options.failure(result.reason, name, id);
  }

  /** Attaches the saved pictures, then deletes from storage those of `before` no longer in `after`. */
  async imagesSaved(after: ImageRef[], before: ImageRef[] = []): Promise<void> {
    await this.options.media.attach(after.map((image) => image.publicId));
    const kept = new Set(after.map((image) => image.publicId));
    await this.removeFromStorage(before.map((image) => image.publicId).filter((publicId) => !kept.has(publicId)));
  }

  /**
   * Deletes files from storage after the database let go of them, but not one another row still
   * shows (files are named by their content) nor a buyer's photo their request still keeps (a
   * listed trade-in's): media asks every holder. A storage failure is logged, not answered.
   */
  async removeFromStorage(publicIds: string[]): Promise<void> {
    if (publicIds.length === 0) return;
    await this.options.media.removeUnlessHeld(publicIds).catch((error: unknown) => this.options.warn(`Could not delete image from storage: ${(error as Error).name}`));
  }
}
