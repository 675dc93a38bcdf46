import { z } from 'zod';

// The zod schema apart from the calculator (financing.ts), so the financing page loads without zod.
/** Financing terms the dealer's partner banks offer, as the admin keeps them. */
export const FinanceSettingsSchema = z.object({
  /** Default annual interest rate, percent (14 is 14% a year). */
  annualRatePercent: z
    .number({ error: 'annualRatePercent must be a number' })
    .min(0, { error: 'annualRatePercent must be at least 0' })
    .max(60, { error: 'annualRatePercent must be at most 60' }),
  /** Arrangement fee, a fraction of the amount financed. */
  arrangementFee: z.number({ error: 'arrangementFee must be a number' }).min(0).max(0.2, { error: 'arrangementFee must be at most 20%' }),
  /** Other fixed fees, KES (valuation, tracking, registration of the bank's interest). */
  fixedFees: z.number({ error: 'fixedFees must be a number' }).int().min(0).max(10_000_000),
});
export type FinanceSettings = z.infer<typeof FinanceSettingsSchema>;
