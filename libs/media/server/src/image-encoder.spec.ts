import sharp from 'sharp';
import { toWebp } from './image-encoder';

describe('image encoder', () => {
  it('keeps no decoded images in libvips once it has encoded some (its operation cache is off)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#2a6"/></svg>');
    for (const width of [320, 480, 640]) {
      const webp = await toWebp(svg, width);
      expect((await sharp(webp).metadata()).width).toBe(width);
    }
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.memory.current).toBe(0);
    expect(cache.items.max).toBe(0);
  });
});
