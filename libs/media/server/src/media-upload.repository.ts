import type { ImageRef } from '@dealership/media-schemas';
import { pictureHolders } from '@dealership/car-data/published';
import { leadPhotos } from '@dealership/lead-data/published';
import { mediaUploads } from '@dealership/media-data';
import { type Database, DB } from '@dealership/server-db';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';

/** Uploads not yet attached to a car or brand (`media_uploads`). */
@Injectable()
export class MediaUploadRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async add(image: ImageRef): Promise<void> {
    await this.db.insert(mediaUploads).values({ publicId: image.publicId, url: image.url }).onConflictDoNothing();
  }

  async isPending(publicId: string): Promise<boolean> {
    const [row] = await this.db.select({ publicId: mediaUploads.publicId }).from(mediaUploads).where(eq(mediaUploads.publicId, publicId));
    return row !== undefined;
  }

  /**
   * Which cars and brands hold pictures of these public ids (the catalogue's published view). A
   * trade-in draft's photos are not counted: the car listed from it takes them.
   */
  async holders(publicIds: string[]): Promise<{ publicId: string; owner: 'car' | 'brand'; ownerId: string }[]> {
    if (publicIds.length === 0) return [];
    const rows = await this.db
      .select({ publicId: pictureHolders.publicId, owner: pictureHolders.owner, ownerId: pictureHolders.ownerId })
      .from(pictureHolders)
      .where(and(inArray(pictureHolders.publicId, publicIds), inArray(pictureHolders.owner, ['car', 'brand'])));
    return rows as { publicId: string; owner: 'car' | 'brand'; ownerId: string }[];
  }

  /**
   * The public ids of these that something still shows: a car, brand or trade-in draft (the
   * catalogue's published view) or a kept request's photos (the lead domain's).
   */
  async held(publicIds: string[]): Promise<Set<string>> {
    if (publicIds.length === 0) return new Set();
    const rows = await this.db
      .select({ publicId: pictureHolders.publicId })
      .from(pictureHolders)
      .where(inArray(pictureHolders.publicId, publicIds))
      .union(this.db.select({ publicId: leadPhotos.publicId }).from(leadPhotos).where(inArray(leadPhotos.publicId, publicIds)));
    return new Set(rows.map((row) => row.publicId));
  }

  /** Forgets uploads (they were attached, or removed from storage). */
  async forget(publicIds: string[]): Promise<void> {
    if (publicIds.length === 0) return;
    await this.db.delete(mediaUploads).where(inArray(mediaUploads.publicId, publicIds));
  }

  /** The oldest uploads created before `cutoff`, at most `limit`. */
  async olderThan(cutoff: Date, limit: number): Promise<{ publicId: string; url: string; createdAt: Date }[]> {
    return this.db
      .select({ publicId: mediaUploads.publicId, url: mediaUploads.url, createdAt: mediaUploads.createdAt })
      .from(mediaUploads)
      .where(lt(mediaUploads.createdAt, cutoff))
      .orderBy(asc(mediaUploads.createdAt))
      .limit(limit);
  }

  /** Deletes the row if the upload is still pending and older than `cutoff`; whether it did. */
  async claim(publicId: string, cutoff: Date): Promise<boolean> {
    const rows = await this.db
      .delete(mediaUploads)
      .where(and(eq(mediaUploads.publicId, publicId), lt(mediaUploads.createdAt, cutoff)))
      .returning({ publicId: mediaUploads.publicId });
    return rows.length > 0;
  }

  /** Puts back a claimed upload whose removal from storage failed, so the next sweep retries it. */
  async restore(publicId: string, url: string, createdAt: Date): Promise<void> {
    await this.db.insert(mediaUploads).values({ publicId, url, createdAt }).onConflictDoNothing();
  }
}
