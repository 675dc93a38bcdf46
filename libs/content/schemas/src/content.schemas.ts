import { IdSchema, pageOf, PageInputSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Longest name a content may have. */
export const CONTENT_NAME_MAX_LENGTH = 120;

/** A content: add the domain's own fields here, then to its table (libs/server/db/src/schema/content.table.ts). */
export const ContentSchema = z.object({
  id: IdSchema,
  name: text(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Content = z.infer<typeof ContentSchema>;

export const ContentNameSchema = text({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(CONTENT_NAME_MAX_LENGTH, { error: `Name must be at most ${CONTENT_NAME_MAX_LENGTH} characters` });

/** A new content. */
export const ContentCreateInputSchema = z.object({ name: ContentNameSchema });
export type ContentCreateInput = z.input<typeof ContentCreateInputSchema>;
export type ContentCreateFields = z.output<typeof ContentCreateInputSchema>;

/** Changes to a content: only the fields given change. */
export const ContentUpdateInputSchema = z.object({ id: IdSchema, name: ContentNameSchema.optional() });
export type ContentUpdateInput = z.input<typeof ContentUpdateInputSchema>;
export type ContentUpdateFields = z.output<typeof ContentUpdateInputSchema>;

export const ContentByIdInputSchema = z.object({ id: IdSchema });
export type ContentByIdInput = z.infer<typeof ContentByIdInputSchema>;

export const ContentRemoveInputSchema = z.object({ id: IdSchema });
export type ContentRemoveInput = z.infer<typeof ContentRemoveInputSchema>;

/** A page of contents, newest first. */
export const ContentListInputSchema = z.object({ ...PageInputSchema.shape });
export type ContentListInput = z.input<typeof ContentListInputSchema>;
export type ContentListFilters = z.output<typeof ContentListInputSchema>;

export const ContentPageSchema = pageOf(ContentSchema);
export type ContentPage = z.infer<typeof ContentPageSchema>;
