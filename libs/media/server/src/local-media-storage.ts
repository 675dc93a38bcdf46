import { MEDIA_FOLDERS, MEDIA_URL_PREFIX, type ImageRef } from '@dealership/media-schemas';
import { slugify } from '@dealership/shared-util';
import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { access, mkdir, readdir, readFile, rename, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toWebp } from './image-encoder';
import { MediaDiskFullError } from './media.errors';
import type { MediaStorage, StoredFile } from './media-storage';

const PUBLIC_ID = /^(cars|brands|documents|leads)\/[a-z0-9-]+$/;
/** A file under the media folder as urls name it: `<folder>/<base>[.w<width>].<ext>`. */
const MEDIA_PATH = /^(cars|brands|documents|leads)\/([a-z0-9-]+)(?:\.w(\d{3,4}))?\.(webp|jpg|png|svg)$/;

/** Widths served for responsive `srcset`s (`<base>.w480.webp`); other widths are not made. */
export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 960] as const;

/** Masters a derived WebP can be made from, in order of preference. */
const MASTER_EXTENSIONS = ['webp', 'jpg', 'png', 'svg'] as const;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Images as files under `MEDIA_DIR/<folder>/`, served at `/media/<folder>/<file>`.
 * File names carry a content hash, so a url never changes meaning and can be cached for a year.
 * A WebP whose only master is an SVG (the generated demo pictures) is rendered on first request
 * and kept, so seeding a catalogue costs no image encoding at start-up.
 */
export class LocalMediaStorage implements MediaStorage {
  private readonly rendering = new Map<string, Promise<void>>();

  private readonly logger = new Logger('Media');

  /** `minFreeBytes`: what the disk must keep free after a write (`MEDIA_MIN_FREE_BYTES`; 0: no check). */
  constructor(
    private readonly mediaDir: string,
    private readonly minFreeBytes = 0,
  ) {}

  async save(file: StoredFile): Promise<ImageRef> {
    if (!MEDIA_FOLDERS.includes(file.folder)) throw new Error(`Unknown media folder ${file.folder}`);
    const hash = createHash('sha256').update(file.data).digest('hex').slice(0, 10);
    const base = `${slugify(file.name).slice(0, 80) || 'image'}-${hash}`;
    const dir = join(this.mediaDir, file.folder);
    await mkdir(dir, { recursive: true });
    await this.ensureFreeSpace(dir, file.data.length);
    // Written under another name, then renamed: a backup taken meanwhile (which skips `.partial`
    // files) and a visitor never read half a picture.
    const target = join(dir, `${base}.${file.extension}`);
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, file.data);
    await rename(partial, target);
    return { url: `${MEDIA_URL_PREFIX}/${file.folder}/${base}.${file.servedAs ?? file.extension}`, publicId: `${file.folder}/${base}` };
  }

  /**
   * Refuses a write that would leave the disk below `minFreeBytes` (503 and a log line): a full
   * disk would also stop the embedded database and the logs, so public uploads stop first.
   */
  private async ensureFreeSpace(dir: string, bytes: number): Promise<void> {
    if (this.minFreeBytes <= 0) return;
    const { bavail, bsize } = await statfs(dir);
    const free = bavail * bsize;
    if (free - bytes >= this.minFreeBytes) return;
    this.logger.warn(`upload refused: ${free} bytes free under ${this.mediaDir}, below MEDIA_MIN_FREE_BYTES ${this.minFreeBytes}`);
    throw new MediaDiskFullError();
  }

  /** Whether files of this public id are on disk. */
  async holds(publicId: string): Promise<boolean> {
    if (!PUBLIC_ID.test(publicId)) return false;
    const [folder, base] = publicId.split('/');
    const files = await readdir(join(this.mediaDir, folder)).catch(() => [] as string[]);
    return files.some((f) => f.startsWith(`${base}.`));
  }

  async remove(publicId: string): Promise<void> {
    // Only ids this storage made: never a path that could leave the media folder.
    if (!PUBLIC_ID.test(publicId)) return;
    const [folder, base] = publicId.split('/');
    const dir = join(this.mediaDir, folder);
    const files = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(files.filter((f) => f.startsWith(`${base}.`)).map((f) => rm(join(dir, f), { force: true })));
  }

  /**
   * The file to send for a media path (`cars/x-1a2b.webp`, `cars/x-1a2b.w480.webp`), relative to
   * the media folder, or undefined when there is none. A WebP whose master is another file (an SVG
   * for the generated pictures) and the width variants are made on the first request and kept.
   */
  async localFile(path: string): Promise<string | undefined> {
    const match = MEDIA_PATH.exec(path);
    if (!match) return undefined;
    const [, folder, base, widthText, extension] = match;
    const width = widthText ? Number(widthText) : undefined;
    if (width !== undefined && (extension !== 'webp' || !IMAGE_VARIANT_WIDTHS.includes(width as (typeof IMAGE_VARIANT_WIDTHS)[number]))) return undefined;
    const file = join(this.mediaDir, folder, width ? `${base}.w${width}.webp` : `${base}.${extension}`);
    if (await exists(file)) return path;
    if (extension !== 'webp') return undefined;

    const masters = MASTER_EXTENSIONS.filter((ext) => width !== undefined || ext !== 'webp').map((ext) => join(this.mediaDir, folder, `${base}.${ext}`));
    const master = (await Promise.all(masters.map(async (m) => ((await exists(m)) ? m : undefined)))).find(Boolean);
    if (!master) return undefined;

    // Concurrent first requests share one render.
    let pending = this.rendering.get(file);
    if (!pending) {
      pending = (async () => {
        const source = await readFile(master);
        const webp = await toWebp(source, width);
        const partial = `${file}.${process.pid}.partial`;
        await writeFile(partial, webp);
        await rename(partial, file);
      })().finally(() => this.rendering.delete(file));
      this.rendering.set(file, pending);
    }
    await pending;
    return path;
  }
}
