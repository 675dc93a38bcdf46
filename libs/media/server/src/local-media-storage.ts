import { MEDIA_FOLDERS, MEDIA_URL_PREFIX, type ImageRef } from '@dealership/media-schemas';
import { slugify } from '@dealership/shared-util';
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { svgToWebp } from './image-encoder';
import type { MediaStorage, StoredFile } from './media-storage';

const PUBLIC_ID = /^(cars|brands|documents)\/[a-z0-9-]+$/;
/** A file under the media folder as urls name it: `<folder>/<base>.<ext>`. */
const MEDIA_PATH = /^(cars|brands|documents)\/([a-z0-9-]+)\.(webp|jpg|png|svg)$/;

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

  constructor(private readonly mediaDir: string) {}

  async save(file: StoredFile): Promise<ImageRef> {
    if (!MEDIA_FOLDERS.includes(file.folder)) throw new Error(`Unknown media folder ${file.folder}`);
    const hash = createHash('sha256').update(file.data).digest('hex').slice(0, 10);
    const base = `${slugify(file.name).slice(0, 80) || 'image'}-${hash}`;
    const dir = join(this.mediaDir, file.folder);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${base}.${file.extension}`), file.data);
    return { url: `${MEDIA_URL_PREFIX}/${file.folder}/${base}.${file.servedAs ?? file.extension}`, public_id: `${file.folder}/${base}` };
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
   * The file to send for a media path (`cars/x-1a2b.webp`), relative to the media folder, or
   * undefined when there is none. Renders a WebP from its SVG master the first time it is asked for.
   */
  async resolve(path: string): Promise<string | undefined> {
    const match = MEDIA_PATH.exec(path);
    if (!match) return undefined;
    const [, folder, base, extension] = match;
    const file = join(this.mediaDir, folder, `${base}.${extension}`);
    if (await exists(file)) return path;
    if (extension !== 'webp') return undefined;
    const master = join(this.mediaDir, folder, `${base}.svg`);
    if (!(await exists(master))) return undefined;

    // Concurrent first requests share one render.
    let pending = this.rendering.get(file);
    if (!pending) {
      pending = (async () => {
        const webp = await svgToWebp(await readFile(master, 'utf8'));
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
