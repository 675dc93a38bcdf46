import { BrandBySlugInputSchema, BrandNameSchema } from './brand.schemas';

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
