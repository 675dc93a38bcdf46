import { BrandBySlugInputSchema, BrandCreateInputSchema, BrandNameSchema, BrandUpdateInputSchema } from './brand.schemas';

describe('brand schemas', () => {
  it('trims a brand name and refuses an empty one with the spec message', () => {
    expect(BrandNameSchema.parse('  Toyota ')).toBe('Toyota');
    expect(BrandNameSchema.safeParse('   ').error?.issues[0].message).toBe('Brand name is required');
    expect(BrandNameSchema.safeParse(undefined).error?.issues[0].message).toBe('Brand name is required');
  });

  it('accepts slugs as slugify makes them, nothing else', () => {
    expect(BrandBySlugInputSchema.parse({ slug: 'mercedes-and-benz' }).slug).toBe('mercedes-and-benz');
    expect(BrandBySlugInputSchema.safeParse({ slug: '../etc' }).success).toBe(false);
    expect(BrandBySlugInputSchema.safeParse({ slug: 'Has Space' }).success).toBe(false);
  });
});

describe('control characters in brand inputs', () => {
  it('answer a message naming the field', () => {
    expect(BrandBySlugInputSchema.safeParse({ slug: 'toyota\u0000' }).error?.issues[0].message).toBe('slug must not contain control characters');
    expect(BrandNameSchema.safeParse('Toy\u0000ota').error?.issues.map((i) => i.message)).toEqual(['text must not contain control characters']);
  });
});

describe('brand write contracts', () => {
  const logo = { url: '/media/documents/logo-1.webp', publicId: 'documents/logo-1' };

  it('check the name first, then at least one logo, with the spec messages', () => {
    expect(BrandCreateInputSchema.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['Brand name is required', 'Please upload Brand Image']);
    expect(BrandCreateInputSchema.safeParse({ name: 'Mazda', images: [] }).error?.issues[0].message).toBe('Please upload Brand Image');
    expect(BrandCreateInputSchema.parse({ name: ' Mazda ', images: [logo] })).toEqual({ name: 'Mazda', images: [logo] });
  });

  it('update only what is given; an empty logo list is refused', () => {
    const id = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
    expect(BrandUpdateInputSchema.parse({ id, description: null })).toEqual({ id, description: null });
    expect(BrandUpdateInputSchema.safeParse({ id, images: [] }).error?.issues[0].message).toBe('Please upload Brand Image');
    expect(BrandUpdateInputSchema.safeParse({ id, name: '' }).error?.issues[0].message).toBe('Brand name is required');
  });
});
