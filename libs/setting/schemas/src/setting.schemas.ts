import { IdSchema, pageOf, PageInputSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';
import { DutyRatesSchema } from './duty-rates.schema';
import { FinanceSettingsSchema } from './finance-settings.schema';
import { ReservationRulesSchema } from './reservation-rules.schema';

/** Longest note a rate set may carry. */
export const SETTING_NOTE_MAX_LENGTH = 500;

/**
 * A dated rate set: the import-duty rates, the financing terms and the reservation rules that hold
 * from `effectiveFrom` (a Nairobi date) until the next set's date. The buyer tools and the orders
 * use the set in force today.
 */
export const SettingSchema = z.object({
  id: IdSchema,
  /** YYYY-MM-DD. */
  effectiveFrom: z.iso.date(),
  duty: DutyRatesSchema,
  finance: FinanceSettingsSchema,
  reservation: ReservationRulesSchema,
  /** What changed and why (a Finance Act, a bank's new rate). */
  note: text().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Setting = z.infer<typeof SettingSchema>;

/** The rate set the buyer tools and the orders use: the one in force today (the built-in November 2026 rates when none is). */
export const CurrentSettingSchema = SettingSchema.pick({ effectiveFrom: true, duty: true, finance: true, reservation: true });
export type CurrentSetting = z.infer<typeof CurrentSettingSchema>;

const EffectiveFromSchema = z.iso.date({ error: 'effectiveFrom must be a date (YYYY-MM-DD)' });
const NoteSchema = text()
  .trim()
  .max(SETTING_NOTE_MAX_LENGTH, { error: `Note must be at most ${SETTING_NOTE_MAX_LENGTH} characters` })
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** A new rate set, from its date. Without `reservation`, the set keeps the reservation rules of the set before it (SettingService.create). */
export const SettingCreateInputSchema = z.object({
  effectiveFrom: EffectiveFromSchema,
  duty: DutyRatesSchema,
  finance: FinanceSettingsSchema,
  reservation: ReservationRulesSchema.optional(),
  note: NoteSchema,
});
export type SettingCreateInput = z.input<typeof SettingCreateInputSchema>;
export type SettingCreateFields = z.output<typeof SettingCreateInputSchema>;

/** A correction of a rate set: only the fields given change. */
export const SettingUpdateInputSchema = z.object({
  id: IdSchema,
  effectiveFrom: EffectiveFromSchema.optional(),
  duty: DutyRatesSchema.optional(),
  finance: FinanceSettingsSchema.optional(),
  reservation: ReservationRulesSchema.optional(),
  note: NoteSchema,
});
export type SettingUpdateInput = z.input<typeof SettingUpdateInputSchema>;
export type SettingUpdateFields = z.output<typeof SettingUpdateInputSchema>;

export const SettingByIdInputSchema = z.object({ id: IdSchema });
export type SettingByIdInput = z.infer<typeof SettingByIdInputSchema>;

export const SettingRemoveInputSchema = z.object({ id: IdSchema });
export type SettingRemoveInput = z.infer<typeof SettingRemoveInputSchema>;

/** A page of rate sets, latest date first. */
export const SettingListInputSchema = z.object({ ...PageInputSchema.shape });
export type SettingListInput = z.input<typeof SettingListInputSchema>;
export type SettingListFilters = z.output<typeof SettingListInputSchema>;

export const SettingPageSchema = pageOf(SettingSchema);
export type SettingPage = z.infer<typeof SettingPageSchema>;
