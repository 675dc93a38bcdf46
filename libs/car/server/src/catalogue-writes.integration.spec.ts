import { brandImages, brands } from '@dealership/brand-data';
import type { ImageRef } from '@dealership/media-schemas';
import { type DatabaseHandle, pgError, PG_UNIQUE_VIOLATION } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { asc, eq, inArray } from 'drizzle-orm';
import { CatalogueChanges } from './catalogue-changes';
import {
  type CatalogueMedia,
  BRAND_CATALOGUE,
  type CatalogueWriteResult,
  CatalogueWriter,
  CatalogueRows,
  replaceImages,
  SLUG_ATTEMPTS,
} from './catalogue-writes';


const image = (name: string): ImageRef => ({ url: `/media/brands/${name}.webp`, publicId: `brands/${name}` });

type Reason = 'name-taken' | 'not-found';

function failure(error: unknown): CatalogueWriteResult<Reason> {
  const { code, constraint } = pgError(error);
  if (code === PG_UNIQUE_VIOLATION && constraint === 'brands_name_lower_key') return { ok: false, reason: 'name-taken' };
  if (code === PG_UNIQUE_VIOLATION && constraint === 'brands_slug_key') return { ok: false, reason: 'slug-taken' };
  throw error;
}

/** A media store in memory: which files exist, and what was attached. */
class MemoryMedia implements CatalogueMedia {
  readonly files = new Set<string>();
  readonly attached: string[] = [];
  failRemove = false;
  isOwnImage(image: ImageRef): boolean {
    return image.url.startsWith('/media/');
  }
  async checkNotHeldElsewhere(): Promise<void> {
    return undefined;
  }
  async attach(publicIds: string[]): Promise<void> {
    this.attached.push(...publicIds);
  }
  /** Stands in for media's own check of every holder (tested with the real store in order.trade-in-stock): deletes what it is asked. */
  async removeUnlessHeld(publicIds: readonly string[]): Promise<void> {
    if (this.failRemove) throw new Error('storage down');
    for (const publicId of publicIds) this.files.delete(publicId);
  }
}

describe('catalogue writes (integration, real database)', () => {
  let handle: DatabaseHandle;
  const changes = new CatalogueChanges();

  let rows: CatalogueRows<typeof brands, Reason>;
  const insertBrand = (name: string, slug: string, images: ImageRef[]) => rows.insert({ name, slug }, images);

  const logosOf = async (brandId: string) =>
    (
      await handle.db
        .select({ publicId: brandImages.publicId, position: brandImages.position })
        .from(brandImages)
        .where(eq(brandImages.brandId, brandId))
        .orderBy(asc(brandImages.position))
    ).map((row) => `${row.position}:${row.publicId}`);

  const writerFor = (media: MemoryMedia, warnings: string[] = []) =>
    new CatalogueWriter<Reason>({
      kind: 'brand',
      media,
      store: rows,
      foreignImage: (field) => new Error(`foreign ${field}`),
      slugConflict: () => new Error('slug conflict'),
      failure: (reason, name) => new Error(`${reason} ${name}`),
      warn: (message) => warnings.push(message),
    });

  beforeAll(async () => {
    handle = await createTestDatabase();
    rows = new CatalogueRows(handle.db, changes, BRAND_CATALOGUE, failure);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('saves a row with its pictures in order, replaces them, and moves the catalogue generation', async () => {
    changes.setListening(true);
    const before = changes.version as number;
    const result = await insertBrand('Isuzu', 'isuzu', [image('isuzu-a'), image('isuzu-b')]);
    if (!result.ok) throw new Error(result.reason);
    expect(changes.version).toBe(before + 1);
    expect(await logosOf(result.id)).toEqual(['0:brands/isuzu-a', '1:brands/isuzu-b']);
    await handle.db.transaction((tx) => replaceImages(tx, BRAND_CATALOGUE, result.id, [image('isuzu-c')]));
    expect(await logosOf(result.id)).toEqual(['0:brands/isuzu-c']);
  });

  it('answers an expected violation as its reason, and rolls the whole write back', async () => {
    expect(await insertBrand('isuzu', 'isuzu-other', [image('x')])).toEqual({ ok: false, reason: 'name-taken' });
    expect(await insertBrand('Isuzu Trucks', 'isuzu', [image('y')])).toEqual({ ok: false, reason: 'slug-taken' });
    const logos = await handle.db.select({ publicId: brandImages.publicId }).from(brandImages).where(inArray(brandImages.publicId, ['brands/x', 'brands/y', 'brands/isuzu-c']));
    expect(logos).toEqual([{ publicId: 'brands/isuzu-c' }]);
  });

  it('finds the slugs taken by a base and its numbered forms, but the row being renamed', async () => {
    const first = await insertBrand('Mazda', 'mazda', []);
    await insertBrand('Mazda 2', 'mazda-2', []);
    await insertBrand('Mazdaspeed', 'mazdaspeed', []);
    expect(await rows.slugsLike('mazda')).toEqual(new Set(['mazda', 'mazda-2']));
    expect(await rows.slugsLike('mazda', first.ok ? first.id : undefined)).toEqual(new Set(['mazda-2']));
  });

  it('writes under the first free slug, and under the next when another write takes it meanwhile', async () => {
    const writer = writerFor(new MemoryMedia());
    const tried: string[] = [];
    const id = await writer.withUniqueSlug('Subaru', undefined, async (slug) => {
      tried.push(slug);
      // Another write takes the slug between the check and this insert, once.
      if (tried.length === 1) await insertBrand('Subaru Racing', slug, []);
      return insertBrand('Subaru', slug, []);
    });
    expect(tried).toEqual(['subaru', 'subaru-2']);
    const [row] = await handle.db.select({ slug: brands.slug }).from(brands).where(eq(brands.id, id));
    expect(row.slug).toBe('subaru-2');
    // A name of no letters gets the placeholder.
    const placeholder = await writer.withUniqueSlug('***', undefined, (slug) => insertBrand('***', slug, []));
    expect((await handle.db.select({ slug: brands.slug }).from(brands).where(eq(brands.id, placeholder)))[0].slug).toBe('item');
  });

  it("answers another failure as the catalogue's error, and gives up on the slug after SLUG_ATTEMPTS takes", async () => {
    const writer = writerFor(new MemoryMedia());
    await expect(writer.withUniqueSlug('subaru', undefined, (slug) => insertBrand('subaru', slug, []))).rejects.toThrow('name-taken subaru');
    let attempts = 0;
    await expect(
      writer.withUniqueSlug('Lexus', undefined, async () => {
        attempts++;
        return { ok: false, reason: 'slug-taken' };
      }),
    ).rejects.toThrow('slug conflict');
    expect(attempts).toBe(SLUG_ATTEMPTS);
  });

  it('refuses a picture not of our store before any write, naming the first', async () => {
    const writer = writerFor(new MemoryMedia());
    await expect(writer.checkImages([image('ok'), { url: 'https://elsewhere.test/a.png', publicId: 'a' }])).rejects.toThrow('foreign images.1');
    await expect(writer.checkImages([image('ok')])).resolves.toBeUndefined();
  });

  it('attaches the saved pictures and hands media the files the row let go of', async () => {
    const media = new MemoryMedia();
    const writer = writerFor(media);
    const saved = await insertBrand('Volvo', 'volvo', [image('volvo-new'), image('shared')]);
    if (!saved.ok) throw new Error(saved.reason);
    for (const publicId of ['brands/volvo-old', 'brands/shared', 'brands/volvo-new']) media.files.add(publicId);
    await writer.imagesSaved([image('volvo-new'), image('shared')], [image('volvo-old'), image('shared')]);
    expect(media.attached).toEqual(['brands/volvo-new', 'brands/shared']);
    expect([...media.files].sort()).toEqual(['brands/shared', 'brands/volvo-new']);
  });

  it('logs a storage failure instead of failing the write', async () => {
    const media = new MemoryMedia();
    media.failRemove = true;
    const warnings: string[] = [];
    await expect(writerFor(media, warnings).removeFromStorage(['brands/gone'])).resolves.toBeUndefined();
    expect(warnings).toEqual(['Could not delete image from storage: Error']);
  });
});
