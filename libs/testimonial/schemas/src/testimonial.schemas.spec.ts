import {
  TestimonialCreateInputSchema,
  TestimonialListInputSchema,
  TestimonialUpdateInputSchema,
  TESTIMONIAL_NAME_MAX_LENGTH,
  TESTIMONIAL_QUOTE_MAX_LENGTH,
} from './testimonial.schemas';

const quote = 'They cleared the car at the port within the week.';

describe('testimonial contracts', () => {
  it('trim the texts, publish with five stars by default, and turn blank details into none', () => {
    expect(TestimonialCreateInputSchema.parse({ name: '  Amina W. ', quote: `  ${quote} `, location: ' ', carName: ' Toyota Harrier ' })).toEqual({
      name: 'Amina W.',
      quote,
      location: null,
      carName: 'Toyota Harrier',
      rating: 5,
      published: true,
    });
  });

  it('name the field of a bad value', () => {
    const issue = (input: unknown) => TestimonialCreateInputSchema.safeParse(input).error?.issues[0];
    expect(issue({ name: '   ', quote })).toMatchObject({ path: ['name'], message: 'Name is required' });
    expect(issue({ name: 'x'.repeat(TESTIMONIAL_NAME_MAX_LENGTH + 1), quote })?.path).toEqual(['name']);
    expect(issue({ name: 'Amina', quote: ' ' })).toMatchObject({ path: ['quote'], message: 'Quote is required' });
    expect(issue({ name: 'Amina', quote: 'x'.repeat(TESTIMONIAL_QUOTE_MAX_LENGTH + 1) })?.path).toEqual(['quote']);
    expect(issue({ name: 'Amina', quote, rating: 6 })).toMatchObject({ path: ['rating'], message: 'Rating must be a whole number of stars from 1 to 5' });
    expect(issue({ name: 'Amina', quote, rating: 4.5 })?.path).toEqual(['rating']);
    expect(issue({ name: 'Fir\u0000st', quote })?.message).toBe('name must not contain control characters');
    // A quote may keep its paragraphs.
    expect(TestimonialCreateInputSchema.parse({ name: 'Amina', quote: 'One.\n\nTwo.' }).quote).toBe('One.\n\nTwo.');
  });

  it('update only what is given: a detail left out stays, a blank one is cleared', () => {
    const id = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
    expect(TestimonialUpdateInputSchema.parse({ id })).toEqual({ id });
    expect(TestimonialUpdateInputSchema.parse({ id, location: '' })).toEqual({ id, location: null });
    expect(TestimonialUpdateInputSchema.parse({ id, published: false })).toEqual({ id, published: false });
    expect(TestimonialUpdateInputSchema.safeParse({ id: 'nope' }).error?.issues[0].path).toEqual(['id']);
  });

  it('page the list with defaults and bounds', () => {
    expect(TestimonialListInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(TestimonialListInputSchema.safeParse({ pageSize: 49 }).error?.issues[0].message).toBe('pageSize must be at most 48');
  });
});
