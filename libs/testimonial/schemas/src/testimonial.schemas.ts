import { IdSchema, pageOf, PageInputSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Longest name a testimonial may have. */
export const TESTIMONIAL_NAME_MAX_LENGTH = 120;

/** A testimonial: add the domain's own fields here, then to its table (libs/server/db/src/schema/testimonial.table.ts). */
export const TestimonialSchema = z.object({
  id: IdSchema,
  name: text(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

export const TestimonialNameSchema = text({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(TESTIMONIAL_NAME_MAX_LENGTH, { error: `Name must be at most ${TESTIMONIAL_NAME_MAX_LENGTH} characters` });

/** A new testimonial. */
export const TestimonialCreateInputSchema = z.object({ name: TestimonialNameSchema });
export type TestimonialCreateInput = z.input<typeof TestimonialCreateInputSchema>;
export type TestimonialCreateFields = z.output<typeof TestimonialCreateInputSchema>;

/** Changes to a testimonial: only the fields given change. */
export const TestimonialUpdateInputSchema = z.object({ id: IdSchema, name: TestimonialNameSchema.optional() });
export type TestimonialUpdateInput = z.input<typeof TestimonialUpdateInputSchema>;
export type TestimonialUpdateFields = z.output<typeof TestimonialUpdateInputSchema>;

export const TestimonialByIdInputSchema = z.object({ id: IdSchema });
export type TestimonialByIdInput = z.infer<typeof TestimonialByIdInputSchema>;

export const TestimonialRemoveInputSchema = z.object({ id: IdSchema });
export type TestimonialRemoveInput = z.infer<typeof TestimonialRemoveInputSchema>;

/** A page of testimonials, newest first. */
export const TestimonialListInputSchema = z.object({ ...PageInputSchema.shape });
export type TestimonialListInput = z.input<typeof TestimonialListInputSchema>;
export type TestimonialListFilters = z.output<typeof TestimonialListInputSchema>;

export const TestimonialPageSchema = pageOf(TestimonialSchema);
export type TestimonialPage = z.infer<typeof TestimonialPageSchema>;
