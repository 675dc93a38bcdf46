import { IdSchema, pageOf, PageInputSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Longest customer name a testimonial may carry ("Amina W."). */
export const TESTIMONIAL_NAME_MAX_LENGTH = 120;
/** Longest place ("Nyali, Mombasa") and car ("Toyota Harrier") a testimonial may carry. */
export const TESTIMONIAL_DETAIL_MAX_LENGTH = 120;
/** Longest quote: a few paragraphs. */
export const TESTIMONIAL_QUOTE_MAX_LENGTH = 1500;

/**
 * A customer's words about the dealer, as the staff publish them on /testimonials. The staff
 * enter them (from a message, a call, a review elsewhere) with the customer's consent; nothing
 * here is submitted by the public.
 */
export const TestimonialSchema = z.object({
  id: IdSchema,
  /** The customer as they agreed to be named, e.g. first name and initial. */
  name: text(),
  /** Where they are from, e.g. "Nyali, Mombasa". */
  location: text().nullable(),
  /** The car they bought or imported, e.g. "Toyota Harrier". */
  carName: text().nullable(),
  quote: text(),
  /** Stars, 1-5. */
  rating: z.number().int().min(1).max(5),
  /** Shown on /testimonials; unpublished ones stay in the back office. */
  published: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

export const TestimonialNameSchema = text({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(TESTIMONIAL_NAME_MAX_LENGTH, { error: `Name must be at most ${TESTIMONIAL_NAME_MAX_LENGTH} characters` });

/** An optional short text: blank (or null) clears it; left out, it is not changed. */
const optionalDetail = (label: string) =>
  text()
    .trim()
    .max(TESTIMONIAL_DETAIL_MAX_LENGTH, { error: `${label} must be at most ${TESTIMONIAL_DETAIL_MAX_LENGTH} characters` })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

export const TestimonialQuoteSchema = text({ error: 'Quote is required' })
  .trim()
  .min(1, { error: 'Quote is required' })
  .max(TESTIMONIAL_QUOTE_MAX_LENGTH, { error: `Quote must be at most ${TESTIMONIAL_QUOTE_MAX_LENGTH} characters` });

export const TestimonialRatingSchema = z
  .number({ error: 'Rating must be a whole number of stars from 1 to 5' })
  .int({ error: 'Rating must be a whole number of stars from 1 to 5' })
  .min(1, { error: 'Rating must be a whole number of stars from 1 to 5' })
  .max(5, { error: 'Rating must be a whole number of stars from 1 to 5' });

const fields = {
  name: TestimonialNameSchema,
  location: optionalDetail('Location'),
  carName: optionalDetail('Car'),
  quote: TestimonialQuoteSchema,
  rating: TestimonialRatingSchema,
  published: z.boolean({ error: 'published must be true or false' }),
};

/** A new testimonial: published with 5 stars unless said otherwise. */
export const TestimonialCreateInputSchema = z.object({
  ...fields,
  rating: fields.rating.default(5),
  published: fields.published.default(true),
});
export type TestimonialCreateInput = z.input<typeof TestimonialCreateInputSchema>;
export type TestimonialCreateFields = z.output<typeof TestimonialCreateInputSchema>;

/** Changes to a testimonial: only the fields given change. */
export const TestimonialUpdateInputSchema = z.object({
  id: IdSchema,
  name: fields.name.optional(),
  location: fields.location,
  carName: fields.carName,
  quote: fields.quote.optional(),
  rating: fields.rating.optional(),
  published: fields.published.optional(),
});
export type TestimonialUpdateInput = z.input<typeof TestimonialUpdateInputSchema>;
export type TestimonialUpdateFields = z.output<typeof TestimonialUpdateInputSchema>;

export const TestimonialRemoveInputSchema = z.object({ id: IdSchema });
export type TestimonialRemoveInput = z.infer<typeof TestimonialRemoveInputSchema>;

/** A page of testimonials, newest first (the public list holds the published ones only). */
export const TestimonialListInputSchema = z.object({ ...PageInputSchema.shape });
export type TestimonialListInput = z.input<typeof TestimonialListInputSchema>;
export type TestimonialListFilters = z.output<typeof TestimonialListInputSchema>;

export const TestimonialPageSchema = pageOf(TestimonialSchema);
export type TestimonialPage = z.infer<typeof TestimonialPageSchema>;
