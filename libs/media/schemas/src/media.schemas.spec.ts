import { IMAGE_RESIZE_BOX, IMAGE_SIZE_LIMIT_BYTES } from './media.constants';
import { ImageRefSchema } from './media.schemas';

describe('media contracts', () => {
  it('need both url and publicId, naming the missing one', () => {
    expect(ImageRefSchema.parse({ url: '/media/cars/a.webp', publicId: 'cars/a' })).toEqual({ url: '/media/cars/a.webp', publicId: 'cars/a' });
    expect(ImageRefSchema.safeParse({ url: '/x' }).error?.issues[0].path).toEqual(['publicId']);
  });

  it('keep the spec limits', () => {
    expect(IMAGE_SIZE_LIMIT_BYTES).toEqual({ brand: 204800, car: 41943040 });
    expect(IMAGE_RESIZE_BOX).toEqual({ width: 800, height: 600, quality: 0.6 });
  });
});

describe('control characters in image refs', () => {
  it('answer a message naming the field', () => {
    expect(ImageRefSchema.safeParse({ url: '/media/a\u0000.webp', publicId: 'a' }).error?.issues[0].message).toBe('url must not contain control characters');
    expect(ImageRefSchema.safeParse({ url: '/media/a.webp', publicId: 'a\u0085' }).error?.issues[0].message).toBe(
      'publicId must not contain control characters',
    );
  });
});
