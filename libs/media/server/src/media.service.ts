import { type ImageRef, type MediaFolder, MEDIA_URL_PREFIX } from '@dealership/media-schemas';
import { APP_CONFIG, type AppConfig, megabytes } from '@dealership/server-core';
import { createHash, randomBytes } from 'node:crypto';
import { PeriodicJobs } from '@dealership/server-db';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { cloudinaryDeliveryPrefix, parseCloudinaryUrl } from './cloudinary-media-storage';
import { encodeUpload, type EncodedUpload, UPLOAD_MAX_PIXELS, UploadDecodeError } from './image-encoder';
import { containsMarkup, sniffImageFormat } from './image-sniffer';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage';
import { MediaUploadRepository } from './media-upload.repository';
import { ImageTooLargeError, PictureTakenError, UnreadableImageError, UnsupportedImageError } from './media.errors';

/** An upload stored and waiting to be attached: its ref and its size as stored. */
export interface UploadedImage extends ImageRef {
  width: number;
  height: number;
}

/** Unattached uploads older than this are removed by the sweep. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;

/** A url of our local store: `/media/<folder>/<base>[.w<width>].<ext>`, with its folder and base. */
const LOCAL_URL = /^\/media\/(cars|brands|documents|leads)\/([a-z0-9-]+)(?:\.w\d{3,4})?\.(webp|jpg|png|svg)$/;
/** What may follow `https://res.cloudinary.com/<cloud>/`: an image delivery path, no query. */
const CLOUDINARY_PATH = /^image\/upload\/[A-Za-z0-9_,:./-]+\.[a-z0-9]{2,5}$/;
const PUBLIC_ID = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

/** A buyer's photo (`POST /api/media/lead-photo`): at most 5 MB and 12 megapixels, below the staff's limits. */
export const LEAD_PHOTO_MAX_BYTES = 5 * 1_048_576;
export const LEAD_PHOTO_MAX_PIXELS = 12_000_000;

/** A document kept privately by a domain (MediaService.privateDocument). */
export interface PrivateDocument {
  contentType: 'application/pdf' | 'image/webp';
  content: Buffer;
  fileName: string;
  byteSize: number;
  /** SHA-256 of the content, hex: a download's ETag. */
  sha256: string;
}

/** Kept here for the media domain's own imports; the one definition is the HTTP helpers'. */
export { megabytes } from '@dealership/server-core';

@Injectable()
export class MediaService implements OnModuleInit {
  private readonly logger = new Logger('Media');
  private readonly cloudinaryPrefix?: string;
  /** The sweep in progress, if any: a slow one is never overlapped by the next. */
  private sweeping?: Promise<number>;

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly uploads: MediaUploadRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: PeriodicJobs,
  ) {
    const account = config.cloudinaryUrl ? parseCloudinaryUrl(config.cloudinaryUrl) : undefined;
    this.cloudinaryPrefix = account ? cloudinaryDeliveryPrefix(account.cloudName) : undefined;
  }

  onModuleInit() {
    // Once per period across every instance on the database.
    this.jobs.every('media.upload-sweep', UPLOAD_SWEEP_INTERVAL_MS, () => this.sweepUnattached());
  }

  /** Stores a generated SVG picture; it is served as WebP, rendered on first request. */
  saveSvg(image: { svg: string; folder: MediaFolder; name: string }): Promise<ImageRef> {
    return this.storage.save({ data: Buffer.from(image.svg), folder: image.folder, name: image.name, extension: 'svg', servedAs: 'webp' });
  }

  /**
   * The limits of an upload to `folder`: the staff's (`MEDIA_MAX_BYTES`, 50 MP), and lower ones for
   * a buyer's photo (anyone may send one: 5 MB, 12 MP, a phone camera's photo).
   */
  uploadLimits(folder: Extract<MediaFolder, 'documents' | 'leads'>): { maxBytes: number; maxPixels: number } {
    if (folder === 'leads') return { maxBytes: Math.min(this.config.mediaMaxBytes, LEAD_PHOTO_MAX_BYTES), maxPixels: LEAD_PHOTO_MAX_PIXELS };
    return { maxBytes: this.config.mediaMaxBytes, maxPixels: UPLOAD_MAX_PIXELS };
  }

  /**
   * An admin's upload: recognised by its bytes (JPEG, PNG, WebP, AVIF; markup anywhere in it is
   * refused), decoded under the pixel limit, turned upright, stripped of metadata, re-encoded as
   * WebP, stored in `documents` and recorded as unattached until a car or brand takes it.
   */
  async upload(file: { data: Buffer; fileName?: string }, folder: Extract<MediaFolder, 'documents' | 'leads'> = 'documents'): Promise<UploadedImage> {
    const { maxBytes, maxPixels } = this.uploadLimits(folder);
    if (file.data.length > maxBytes) throw new ImageTooLargeError(`The image is larger than ${megabytes(maxBytes)}`);
    const encoded = await this.reencode(file.data, maxPixels);
    // Each upload gets a name of its own (the storage adds a content hash): the same photo uploaded
    // twice is two images, so removing one, or sweeping an unattached one, never takes the file
    // another car or brand shows.
    const name = `${(file.fileName ?? '').replace(/\.[^.]*$/, '').slice(0, 50) || 'photo'}-${randomBytes(4).toString('hex')}`;
    const ref = await this.storage.save({ data: encoded.data, folder, name, extension: 'webp' });
    try {
      await this.uploads.add(ref);
    } catch (error) {
      // Not recorded, so nothing would ever sweep it: take it back out of storage.
      await this.storage.remove(ref.publicId).catch(() => undefined);
      throw error;
    }
    return { ...ref, width: encoded.width, height: encoded.height };
  }

  /**
   * An uploaded picture checked and re-encoded as every upload is (recognised by its bytes, no
   * markup, decoded under the pixel limit, upright, without metadata, WebP), not stored: for a
   * domain that keeps a picture where the store would give it a public address (a private certificate).
   */
  async reencode(data: Buffer, maxPixels = UPLOAD_MAX_PIXELS): Promise<EncodedUpload> {
    if (!sniffImageFormat(data)) throw new UnsupportedImageError();
    if (containsMarkup(data)) throw new UnsupportedImageError('The image contains markup or script and was refused');
    try {
      return await encodeUpload(data, maxPixels);
    } catch (error) {
      if (error instanceof UploadDecodeError && error.reason === 'too-many-pixels') {
        throw new ImageTooLargeError(`The image has too many pixels (at most ${maxPixels / 1_000_000} megapixels)`);
      }
      throw new UnreadableImageError();
    }
  }

  /**
   * A private document (a certificate, a bill of lading) ready to keep where only its domain serves
   * it: a PDF as sent, or a picture re-encoded as every upload is (no metadata, WebP). Refusals name
   * `file` and call it `what` ("certificate"). Not stored: the domain keeps it in its own table.
   */
  async privateDocument(file: { data: Buffer; fileName: string }, maxBytes: number, what: string): Promise<PrivateDocument> {
    if (file.data.length > maxBytes) throw new ImageTooLargeError(`The ${what} is larger than ${megabytes(maxBytes)}`);
    const baseName = (file.fileName.replace(/[^\w .()-]+/g, '').replace(/\.[^.]*$/, '').trim() || what).slice(0, 80);
    let content: Buffer;
    let contentType: PrivateDocument['contentType'];
    // A PDF starts with `%PDF-` (within its first 1024 bytes, by the specification; at 0 in practice).
    if (file.data.subarray(0, 1024).includes('%PDF-')) {
      content = file.data;
      contentType = 'application/pdf';
    } else {
      try {
        content = (await this.reencode(file.data)).data;
        contentType = 'image/webp';
      } catch (error) {
        if (error instanceof UnsupportedImageError) throw new UnsupportedImageError(`The ${what} must be a PDF or a JPEG, PNG, WebP or AVIF picture`);
        throw error;
      }
    }
    const extension = contentType === 'application/pdf' ? 'pdf' : 'webp';
    return { contentType, content, fileName: `${baseName}.${extension}`, byteSize: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  }

  /**
   * Removes an upload that no car or brand took (`DELETE /api/car/delete-image?image=`). An id
   * that is not a pending upload (already removed, attached, or never ours) is left alone: the
   * call is idempotent. Whether an upload was removed.
   */
  async removeUnattached(publicId: string): Promise<boolean> {
    if (!(await this.uploads.isPending(publicId))) return false;
    // Storage first: if it fails the row stays and the sweep tries again later.
    await this.storage.remove(publicId);
    await this.uploads.forget([publicId]);
    return true;
  }

  /**
   * Whether every photo a buyer sends with a request is one of the site's buyer uploads (the
   * `leads` folder) that no request has taken yet: catalogue pictures, the staff's uploads and
   * another buyer's sent photos are refused. The index of the first one that is not, or -1.
   */
  async firstForeignLeadPhoto(photos: ImageRef[]): Promise<number> {
    for (const [index, photo] of photos.entries()) {
      if (!this.isOwnImage(photo) || !photo.publicId.startsWith('leads/') || !(await this.uploads.isPending(photo.publicId))) return index;
    }
    return -1;
  }

  /**
   * Deletes the photos buyers sent with requests whose retention period ended or whose sender
   * deleted their account (the lead domain's port): only buyers' uploads (the `leads` folder),
   * never a catalogue picture, and not one a listed car or an open trade-in draft shows (issue 46:
   * it goes when they let go of it, through `removeUnlessHeld`). How many went.
   */
  removeLeadPhotos(publicIds: readonly string[]): Promise<number> {
    return this.removeUnlessHeld(publicIds.filter((publicId) => publicId.startsWith('leads/')));
  }

  /** Marks uploads as attached to a car or brand, so the sweep leaves them alone. */
  async attach(publicIds: string[]): Promise<void> {
    await this.uploads.forget([...new Set(publicIds)]);
  }

  /**
   * Refuses pictures another car or brand holds (`owner` may hold its own): one file shared by two
   * records would be deleted with either. A create retried after a lost answer is refused here too,
   * instead of making a second car on the first one's pictures.
   */
  async checkNotHeldElsewhere(images: ImageRef[], owner: { kind: 'car' | 'brand'; id?: string }): Promise<void> {
    const holders = await this.uploads.holders([...new Set(images.map((image) => image.publicId))]);
    const elsewhere = holders.filter((holder) => holder.owner !== owner.kind || holder.ownerId !== owner.id);
    if (elsewhere.length === 0) return;
    const index = images.findIndex((image) => elsewhere.some((holder) => holder.publicId === image.publicId));
    const holder = elsewhere.find((h) => h.publicId === images[index].publicId);
    throw new PictureTakenError(`images.${index}`, holder?.owner ?? owner.kind);
  }

  /**
   * Deletes from storage the files of `publicIds` nothing shows any more: no car, brand, spin set or
   * trade-in draft (`picture_holders`) and no kept request (`lead_photos`: a buyer's trade-in photo
   * stays with their request while a car that showed it lets go of it). Files are named by their
   * content, so another record may show the same one. Call it after the write that let go of them
   * has committed. A storage failure is logged, not answered. How many went.
   */
  async removeUnlessHeld(publicIds: readonly string[]): Promise<number> {
    const unique = [...new Set(publicIds)];
    const held = await this.uploads.held(unique);
    let removed = 0;
    for (const publicId of unique) {
      if (held.has(publicId)) continue;
      try {
        await this.storage.remove(publicId);
        removed++;
      } catch (error) {
        this.logger.warn(`Could not delete ${publicId} from storage: ${(error as Error).name}`);
      }
    }
    return removed;
  }

  /**
   * Whether an image is one of our store's: a `/media/{cars,brands,documents}/...` url of the
   * local storage whose public id matches it, or a `https://res.cloudinary.com/<our cloud>/`
   * url holding its public id. Foreign hosts, other clouds, `javascript:` and paths that climb
   * out of the media folder are not.
   */
  isOwnImage(image: ImageRef): boolean {
    const { url, publicId } = image;
    if (typeof url !== 'string' || typeof publicId !== 'string') return false;
    const local = LOCAL_URL.exec(url);
    if (local) return url.startsWith(`${MEDIA_URL_PREFIX}/`) && publicId === `${local[1]}/${local[2]}`;
    if (!this.cloudinaryPrefix || !url.toLowerCase().startsWith(this.cloudinaryPrefix)) return false;
    const path = url.slice(this.cloudinaryPrefix.length);
    return CLOUDINARY_PATH.test(path) && !path.includes('..') && !path.includes('//') && PUBLIC_ID.test(publicId) && path.includes(`/${publicId}.`);
  }

  /**
   * Removes unattached uploads older than a day (`now` for tests), oldest first, in batches.
   * Each row is claimed (deleted) before its file goes, so an upload attached before the claim
   * is kept; a failed removal puts the row back for the next sweep. How many were removed.
   */
  sweepUnattached(now = new Date()): Promise<number> {
    this.sweeping ??= this.sweep(now).finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweep(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS);
    let removed = 0;
    for (;;) {
      const batch = await this.uploads.olderThan(cutoff, SWEEP_BATCH);
      let failed = 0;
      for (const upload of batch) {
        if (!(await this.uploads.claim(upload.publicId, cutoff))) continue;
        try {
          await this.storage.remove(upload.publicId);
          removed++;
        } catch {
          failed++;
          await this.uploads.restore(upload.publicId, upload.url, upload.createdAt);
        }
      }
      // A batch that only failed would come back the same: stop until the next run.
      if (batch.length < SWEEP_BATCH || failed === batch.length) break;
    }
    if (removed > 0) this.logger.log(`removed ${removed} unattached upload(s) older than a day`);
    return removed;
  }
}
