import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { svgToWebp } from './image-encoder';
import { LocalMediaStorage } from './local-media-storage';

describe('LocalMediaStorage', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes the file under its folder with a content-hashed name and gives url and public_id', async () => {
    const storage = new LocalMediaStorage(dir);
    const data = await svgToWebp('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>');
    const ref = await storage.save({ data, folder: 'cars', name: 'Toyota Vitz Front', extension: 'webp' });
    expect(ref.url).toMatch(/^\/media\/cars\/toyota-vitz-front-[0-9a-f]{10}\.webp$/);
    expect(ref.public_id).toMatch(/^cars\/toyota-vitz-front-[0-9a-f]{10}$/);
    const stored = await readFile(join(dir, 'cars', ref.url.split('/').pop() as string));
    expect(stored.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('removes by public id and ignores ids that could escape the folder', async () => {
    const storage = new LocalMediaStorage(dir);
    const ref = await storage.save({ data: Buffer.from('x'), folder: 'brands', name: 'logo', extension: 'png' });
    await storage.remove('../../etc/passwd');
    await storage.remove('brands/../../x');
    expect(await readdir(join(dir, 'brands'))).toHaveLength(1);
    await storage.remove(ref.public_id);
    expect(await readdir(join(dir, 'brands'))).toHaveLength(0);
    await expect(storage.remove(ref.public_id)).resolves.toBeUndefined();
  });
});
