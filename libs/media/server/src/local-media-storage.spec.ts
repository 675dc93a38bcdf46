import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { toWebp } from './image-encoder';
import { LocalMediaStorage } from './local-media-storage';

describe('LocalMediaStorage', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes the file under its folder with a content-hashed name and gives url and publicId', async () => {
    const storage = new LocalMediaStorage(dir);
    const data = await toWebp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>'));
    const ref = await storage.save({ data, folder: 'cars', name: 'Toyota Vitz Front', extension: 'webp' });
    expect(ref.url).toMatch(/^\/media\/cars\/toyota-vitz-front-[0-9a-f]{10}\.webp$/);
    expect(ref.publicId).toMatch(/^cars\/toyota-vitz-front-[0-9a-f]{10}$/);
    const stored = await readFile(join(dir, 'cars', ref.url.split('/').pop() as string));
    expect(stored.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('removes by public id and ignores ids that could escape the folder', async () => {
    const storage = new LocalMediaStorage(dir);
    const ref = await storage.save({ data: Buffer.from('x'), folder: 'brands', name: 'logo', extension: 'png' });
    await storage.remove('../../etc/passwd');
    await storage.remove('brands/../../x');
    expect(await readdir(join(dir, 'brands'))).toHaveLength(1);
    expect(await storage.holds(ref.publicId)).toBe(true);
    expect(await storage.holds('../../etc/passwd')).toBe(false);
    await storage.remove(ref.publicId);
    expect(await storage.holds(ref.publicId)).toBe(false);
    expect(await readdir(join(dir, 'brands'))).toHaveLength(0);
    await expect(storage.remove(ref.publicId)).resolves.toBeUndefined();
  });

  it('renders a WebP from an SVG master on first request, once, and refuses paths outside its folders', async () => {
    const storage = new LocalMediaStorage(dir);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="blue"/></svg>';
    const ref = await storage.save({ data: Buffer.from(svg), folder: 'cars', name: 'Subaru', extension: 'svg', servedAs: 'webp' });
    expect(ref.url).toMatch(/^\/media\/cars\/subaru-[0-9a-f]{10}\.webp$/);
    const path = ref.url.replace('/media/', '');
    const [a, b] = await Promise.all([storage.localFile(path), storage.localFile(path)]);
    expect(a).toBe(path);
    expect(b).toBe(path);
    const webp = await readFile(join(dir, path));
    expect(webp.subarray(8, 12).toString()).toBe('WEBP');
    expect((await readdir(join(dir, 'cars'))).sort()).toEqual([`${ref.publicId.split('/')[1]}.svg`, `${ref.publicId.split('/')[1]}.webp`]);

    expect(await storage.localFile('cars/missing-123.webp')).toBeUndefined();
    expect(await storage.localFile('../secret.webp')).toBeUndefined();
    expect(await storage.localFile('cars/../../x.webp')).toBeUndefined();
    await storage.remove(ref.publicId);
    expect(await readdir(join(dir, 'cars'))).toHaveLength(0);
  });

  it('makes width variants for srcset on first request, from the WebP or the SVG master, and no others', async () => {
    const storage = new LocalMediaStorage(dir);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="green"/></svg>';
    const ref = await storage.save({ data: Buffer.from(svg), folder: 'cars', name: 'Fielder', extension: 'svg', servedAs: 'webp' });
    const base = ref.url.replace('/media/', '').replace(/\.webp$/, '');
    expect(await storage.localFile(`${base}.w480.webp`)).toBe(`${base}.w480.webp`);
    expect((await sharp(join(dir, `${base}.w480.webp`)).metadata()).width).toBe(480);
    expect(await storage.localFile(`${base}.webp`)).toBe(`${base}.webp`);
    expect((await sharp(join(dir, `${base}.webp`)).metadata()).width).toBe(1200);
    expect(await storage.localFile(`${base}.w481.webp`)).toBeUndefined();
    expect(await storage.localFile(`${base}.w480.png`)).toBeUndefined();
  });
});
