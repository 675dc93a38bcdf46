import { z } from 'zod';

// The zod schema apart from the calculator (import-duty.ts), so the estimator's page loads without zod.
const fraction = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, { error: `${name} must be at least 0%` })
    .max(1, { error: `${name} must be at most 100%` });

/**
 * The import-duty rates of one effective date (KRA), as the admin keeps them. Depreciation is by the
 * vehicle's age from first registration: `depreciation[0]` up to 1 year, `[1]` over 1 up to 2
 * years ... `[7]` over 7 up to 8 years.
 */
export const DutyRatesSchema = z.object({
  importDuty: fraction('importDuty'),
  /** Up to 1,500 cc. */
  exciseSmall: fraction('exciseSmall'),
  /** 1,501-3,000 cc petrol or 1,501-2,500 cc diesel. */
  exciseMid: fraction('exciseMid'),
  /** Above those. */
  exciseLarge: fraction('exciseLarge'),
  exciseElectric: fraction('exciseElectric'),
  /** Of customs value + import duty + excise. */
  vat: fraction('vat'),
  /** Import Declaration Fee, of the customs value. */
  idf: fraction('idf'),
  /** Railway Development Levy, of the customs value. */
  rdl: fraction('rdl'),
  depreciation: z
    .array(fraction('depreciation'), { error: 'depreciation must list 8 rates' })
    .length(8, { error: 'depreciation must list 8 rates, one per year of age' })
    .refine((rates) => rates.every((rate, i) => i === 0 || rate >= rates[i - 1]), { error: 'depreciation must not fall as cars get older' }),
  /** CRSP values include taxes: the depreciated CRSP is divided by this (1 leaves it as it is). */
  taxStrippingFactor: z
    .number({ error: 'taxStrippingFactor must be a number' })
    .min(0.1, { error: 'taxStrippingFactor must be at least 0.1' })
    .max(10, { error: 'taxStrippingFactor must be at most 10' }),
  /** The oldest year of first registration the eight-year rule admits in the rates' year. */
  cutoffYear: z
    .number({ error: 'cutoffYear must be a year' })
    .int({ error: 'cutoffYear must be a year' })
    .min(1990, { error: 'cutoffYear must be 1990 or later' })
    .max(2100, { error: 'cutoffYear must be 2100 or earlier' }),
});
export type DutyRates = z.infer<typeof DutyRatesSchema>;
