import { LegacyUploadResponseSchema, toLegacyUpload } from './image.legacy-mapper';

describe('toLegacyUpload', () => {
  it('answers an upload as the legacy client read it, in a pinned key order', () => {
    const body = toLegacyUpload({ url: '/media/documents/front-0a1b2c3d4e.webp', publicId: 'documents/front-0a1b2c3d4e', width: 800, height: 600 });
    expect(JSON.stringify(LegacyUploadResponseSchema.parse(body))).toBe(
      '{"success":true,"url":"/media/documents/front-0a1b2c3d4e.webp","public_id":"documents/front-0a1b2c3d4e","width":800,"height":600}',
    );
  });
});
