import { fromLegacyImage, LegacyImageSchema, toLegacyImage } from './legacy-image';

describe('toLegacyImage', () => {
  it("gives the legacy image shape, in the contract's key order (`url`, `public_id`)", () => {
    const legacy = toLegacyImage({ url: '/media/cars/vitz-0a1b2c3d4e.webp', publicId: 'cars/vitz-0a1b2c3d4e' });
    expect(legacy).toEqual({ url: '/media/cars/vitz-0a1b2c3d4e.webp', public_id: 'cars/vitz-0a1b2c3d4e' });
    expect(Object.keys(legacy)).toEqual(['url', 'public_id']);
    expect(JSON.stringify(legacy)).toBe('{"url":"/media/cars/vitz-0a1b2c3d4e.webp","public_id":"cars/vitz-0a1b2c3d4e"}');
  });

  it('has a strict legacy schema: the domain name `publicId` or a missing `public_id` fails', () => {
    expect(LegacyImageSchema.safeParse({ url: '/media/a.webp', public_id: 'a' }).success).toBe(true);
    expect(LegacyImageSchema.safeParse({ url: '/media/a.webp', publicId: 'a' }).success).toBe(false);
    expect(LegacyImageSchema.safeParse({ url: '/media/a.webp', public_id: 'a', publicId: 'a' }).success).toBe(false);
  });
});

describe('fromLegacyImage', () => {
  it('reads a `{url, public_id}` entry, or its JSON text, as an image ref', () => {
    const ref = { url: '/media/cars/vitz.webp', publicId: 'cars/vitz' };
    expect(fromLegacyImage({ url: '/media/cars/vitz.webp', public_id: 'cars/vitz' })).toEqual(ref);
    expect(fromLegacyImage('{"url":"/media/cars/vitz.webp","public_id":"cars/vitz"}')).toEqual(ref);
  });

  it('passes anything else on as it came, for the contract to refuse', () => {
    expect(fromLegacyImage('not json')).toBe('not json');
    expect(fromLegacyImage('[1]')).toEqual([1]);
    expect(fromLegacyImage(7)).toBe(7);
    expect(fromLegacyImage(null)).toBeNull();
  });
});
