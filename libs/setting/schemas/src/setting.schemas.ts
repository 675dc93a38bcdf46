import { IdSchema, pageOf, PageInputSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/** Longest name a setting may have. */
export const SETTING_NAME_MAX_LENGTH = 120;

/** A setting: add the domain's own fields here, then to its table (libs/server/db/src/schema/setting.table.ts). */
export const SettingSchema = z.object({
  id: IdSchema,
  name: text(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Setting = z.infer<typeof SettingSchema>;

export const SettingNameSchema = text({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(SETTING_NAME_MAX_LENGTH, { error: `Name must be at most ${SETTING_NAME_MAX_LENGTH} characters` });

/** A new setting. */
export const SettingCreateInputSchema = z.object({ name: SettingNameSchema });
export type SettingCreateInput = z.input<typeof SettingCreateInputSchema>;
export type SettingCreateFields = z.output<typeof SettingCreateInputSchema>;

/** Changes to a setting: only the fields given change. */
export const SettingUpdateInputSchema = z.object({ id: IdSchema, name: SettingNameSchema.optional() });
export type SettingUpdateInput = z.input<typeof SettingUpdateInputSchema>;
export type SettingUpdateFields = z.output<typeof SettingUpdateInputSchema>;

export const SettingByIdInputSchema = z.object({ id: IdSchema });
export type SettingByIdInput = z.infer<typeof SettingByIdInputSchema>;

export const SettingRemoveInputSchema = z.object({ id: IdSchema });
export type SettingRemoveInput = z.infer<typeof SettingRemoveInputSchema>;

/** A page of settings, newest first. */
export const SettingListInputSchema = z.object({ ...PageInputSchema.shape });
export type SettingListInput = z.input<typeof SettingListInputSchema>;
export type SettingListFilters = z.output<typeof SettingListInputSchema>;

export const SettingPageSchema = pageOf(SettingSchema);
export type SettingPage = z.infer<typeof SettingPageSchema>;
