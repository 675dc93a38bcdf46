import { MEDIA_FOLDERS, type ImageRef } from '@dealership/media-schemas';
import { slugify } from '@dealership/shared-util';
import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage, StoredFile } from './media-storage';
import { MediaStorageUnavailableError } from './media.errors';

/** The parts of `cloudinary://key:secret@cloud[?upload_prefix=...]`. */
export interface CloudinaryAccount {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** Another API host (tests point it at a loopback stub); Cloudinary's own by default. */
  uploadPrefix?: string;
}

/** Reads a `CLOUDINARY_URL`; undefined when it is not one. */
export function parseCloudinaryUrl(cloudinaryUrl: string): CloudinaryAccount | undefined {
  const match = /^cloudinary:\/\/([^:]+):([^@]+)@([a-z0-9_-]+)(?:\?(.*))?$/i.exec(cloudinaryUrl);
  if (!match) return undefined;
  const [, apiKey, apiSecret, cloudName, query] = match;
  const uploadPrefix = new URLSearchParams(query ?? '').get('upload_prefix') ?? undefined;
  return { cloudName, apiKey: decodeURIComponent(apiKey), apiSecret: decodeURIComponent(apiSecret), uploadPrefix };
}

/** Where a cloud delivers its images: `https://res.cloudinary.com/<cloud>/`. */
export const cloudinaryDeliveryPrefix = (cloudName: string) => `https://res.cloudinary.com/${cloudName.toLowerCase()}/`;

type CloudinarySdk = typeof import('cloudinary').v2;

const MIME: Record<StoredFile['extension'], string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml' };

/**
 * Images on Cloudinary through the official SDK (signed upload and destroy). The SDK is loaded on
 * first use: it picks `http` or `https` from `CLOUDINARY_URL`'s `upload_prefix` when first loaded.
 * Public ids keep our shape, `<folder>/<name>-<hash>`; urls are Cloudinary's `secure_url`.
 *
 * Generated SVG pictures (the demo seed) and files already on local disk stay with `local`: the
 * seed never calls out to the network, and pictures stored before Cloudinary was configured are
 * still served at `/media` and removed from disk.
 */
export class CloudinaryMediaStorage implements MediaStorage {
  private sdk?: Promise<CloudinarySdk>;
  private readonly logger = new Logger('Cloudinary');

  constructor(
    private readonly account: CloudinaryAccount,
    private readonly local: LocalMediaStorage,
    /** How long one call to Cloudinary may take. */
    private readonly timeoutMs = 30_000,
  ) {}

  async save(file: StoredFile): Promise<ImageRef> {
    if (file.extension === 'svg') return this.local.save(file);
    if (!MEDIA_FOLDERS.includes(file.folder)) throw new Error(`Unknown media folder ${file.folder}`);
    const hash = createHash('sha256').update(file.data).digest('hex').slice(0, 10);
    const base = `${slugify(file.name).slice(0, 80) || 'image'}-${hash}`;
    const sdk = await this.load();
    const result = await this.call('upload', () =>
      sdk.uploader.upload(`data:${MIME[file.extension]};base64,${file.data.toString('base64')}`, {
        ...this.credentials(),
        resource_type: 'image',
        folder: file.folder,
        public_id: base,
        overwrite: true,
        // An SVG master is delivered as WebP, like the local storage serves it.
        ...(file.servedAs ? { format: file.servedAs } : {}),
      }),
    );
    const url: unknown = result.secure_url;
    const publicId: unknown = result.public_id;
    if (typeof url !== 'string' || typeof publicId !== 'string' || !url.startsWith('https://')) {
      this.logger.error('Cloudinary upload answered without an https secure_url and a public_id');
      throw new MediaStorageUnavailableError();
    }
    return { url, publicId };
  }

  async remove(publicId: string): Promise<void> {
    if (await this.local.holds(publicId)) return this.local.remove(publicId);
    const sdk = await this.load();
    // `{result: 'not found'}` is an answer, not an error: deleting what is gone is fine.
    await this.call('destroy', () => sdk.uploader.destroy(publicId, { ...this.credentials(), resource_type: 'image', invalidate: true }));
  }

  /** Cloudinary serves its own urls; only the local pictures are files here. */
  localFile(path: string): Promise<string | undefined> {
    return this.local.localFile(path);
  }

  /** One SDK call; any failure (5xx, timeout, refused connection) becomes a 502 to our client. */
  private async call<T>(action: 'upload' | 'destroy', run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // The SDK rejects with plain objects (`{message, http_code}` or `{error: {...}}`).
      const detail = (error as { error?: unknown })?.error ?? error;
      const { message, http_code: status } = (detail ?? {}) as { message?: unknown; http_code?: unknown };
      this.logger.error(
        `Cloudinary ${action} failed: ${typeof status === 'number' ? `${status} ` : ''}${typeof message === 'string' ? message.slice(0, 200) : 'no message'}`,
      );
      throw new MediaStorageUnavailableError();
    }
  }

  private credentials() {
    const { cloudName, apiKey, apiSecret, uploadPrefix } = this.account;
    return { cloud_name: cloudName, api_key: apiKey, api_secret: apiSecret, timeout: this.timeoutMs, ...(uploadPrefix ? { upload_prefix: uploadPrefix } : {}) };
  }

  private load(): Promise<CloudinarySdk> {
    this.sdk ??= import('cloudinary').then((module) => module.v2);
    return this.sdk;
  }
}
