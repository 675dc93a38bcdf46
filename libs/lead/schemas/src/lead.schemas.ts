import { IdSchema, pageOf, PageInputSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Longest name a lead may have. */
export const LEAD_NAME_MAX_LENGTH = 120;

/** A lead: add the domain's own fields here, then to its table (libs/server/db/src/schema/lead.table.ts). */
export const LeadSchema = z.object({
  id: IdSchema,
  name: text(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Lead = z.infer<typeof LeadSchema>;

export const LeadNameSchema = text({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(LEAD_NAME_MAX_LENGTH, { error: `Name must be at most ${LEAD_NAME_MAX_LENGTH} characters` });

/** A new lead. */
export const LeadCreateInputSchema = z.object({ name: LeadNameSchema });
export type LeadCreateInput = z.input<typeof LeadCreateInputSchema>;
export type LeadCreateFields = z.output<typeof LeadCreateInputSchema>;

/** Changes to a lead: only the fields given change. */
export const LeadUpdateInputSchema = z.object({ id: IdSchema, name: LeadNameSchema.optional() });
export type LeadUpdateInput = z.input<typeof LeadUpdateInputSchema>;
export type LeadUpdateFields = z.output<typeof LeadUpdateInputSchema>;

export const LeadByIdInputSchema = z.object({ id: IdSchema });
export type LeadByIdInput = z.infer<typeof LeadByIdInputSchema>;

export const LeadRemoveInputSchema = z.object({ id: IdSchema });
export type LeadRemoveInput = z.infer<typeof LeadRemoveInputSchema>;

/** A page of leads, newest first. */
export const LeadListInputSchema = z.object({ ...PageInputSchema.shape });
export type LeadListInput = z.input<typeof LeadListInputSchema>;
export type LeadListFilters = z.output<typeof LeadListInputSchema>;

export const LeadPageSchema = pageOf(LeadSchema);
export type LeadPage = z.infer<typeof LeadPageSchema>;
