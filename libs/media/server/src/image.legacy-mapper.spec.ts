import { LegacyImageSchema, LegacyUploadResponseSchema, toLegacyImage, toLegacyUpload } from './image.legacy-mapper';

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

describe('toLegacyUpload', () => {
  it('answers an upload as the legacy client read it, in a pinned key order', () => {
    const body = toLegacyUpload({ url: '/media/documents/front-0a1b2c3d4e.webp', publicId: 'documents/front-0a1b2c3d4e', width: 800, height: 600 });
    expect(JSON.stringify(LegacyUploadResponseSchema.parse(body))).toBe(
      '{"success":true,"url":"/media/documents/front-0a1b2c3d4e.webp","public_id":"documents/front-0a1b2c3d4e","width":800,"height":600}',
    );
  });
});
