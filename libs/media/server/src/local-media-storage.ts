import { MEDIA_FOLDERS, MEDIA_URL_PREFIX, type ImageRef, type MediaFolder } from '@dealership/media-schemas';
import { slugify } from '@dealership/shared-util';
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStorage } from './media-storage';

const PUBLIC_ID = /^(cars|brands|documents)\/[a-z0-9-]+$/;

/**
 * Images as files under `MEDIA_DIR/<folder>/`, served at `/media/<folder>/<file>`.
 * File names carry a content hash, so a url never changes meaning and can be cached for a year.
 */
export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly mediaDir: string) {}

  async save(file: { data: Buffer; folder: MediaFolder; name: string; extension: 'webp' | 'jpg' | 'png' }): Promise<ImageRef> {
    if (!MEDIA_FOLDERS.includes(file.folder)) throw new Error(`Unknown media folder ${file.folder}`);
    const hash = createHash('sha256').update(file.data).digest('hex').slice(0, 10);
    const base = `${slugify(file.name).slice(0, 80) || 'image'}-${hash}`;
    const dir = join(this.mediaDir, file.folder);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${base}.${file.extension}`), file.data);
    return { url: `${MEDIA_URL_PREFIX}/${file.folder}/${base}.${file.extension}`, public_id: `${file.folder}/${base}` };
  }

  async remove(publicId: string): Promise<void> {
    // Only ids this storage made: never a path that could leave the media folder.
    if (!PUBLIC_ID.test(publicId)) return;
    const [folder, base] = publicId.split('/');
    const dir = join(this.mediaDir, folder);
    const files = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(files.filter((f) => f.startsWith(`${base}.`)).map((f) => rm(join(dir, f), { force: true })));
  }
}
