import { z } from 'zod';

/** Financing terms the dealer's partner banks offer, as the admin keeps them. */
export const FinanceSettingsSchema = z.object({
  /** Default annual interest rate, percent (14 is 14% a year). */
  annualRatePercent: z.number({ error: 'annualRatePercent must be a number' }).min(0, { error: 'annualRatePercent must be at least 0' }).max(60, { error: 'annualRatePercent must be at most 60' }),
  /** Arrangement fee, a fraction of the amount financed. */
  arrangementFee: z.number({ error: 'arrangementFee must be a number' }).min(0).max(0.2, { error: 'arrangementFee must be at most 20%' }),
  /** Other fixed fees, KES (valuation, tracking, registration of the bank's interest). */
  fixedFees: z.number({ error: 'fixedFees must be a number' }).int().min(0).max(10_000_000),
});
export type FinanceSettings = z.infer<typeof FinanceSettingsSchema>;

export const DEFAULT_FINANCE_SETTINGS: FinanceSettings = { annualRatePercent: 14, arrangementFee: 0, fixedFees: 0 };

export const FINANCE_TERM_MONTHS = { min: 12, max: 72 } as const;
/** Deposit bounds, as fractions of the price. */
export const FINANCE_DEPOSIT = { min: 0, max: 0.9, default: 0.2 } as const;

export interface FinanceInput {
  price: number;
  /** KES. */
  deposit: number;
  months: number;
  annualRatePercent: number;
}

export interface FinanceQuote {
  amountFinanced: number;
  /** Reducing balance, rounded to the shilling. */
  monthlyInstalment: number;
  totalInterest: number;
  fees: number;
  /** Interest and fees over the term (what the Central Bank of Kenya requires lenders to disclose). */
  totalCostOfCredit: number;
  /** Deposit, instalments and fees. */
  totalPayable: number;
}

/**
 * A reducing-balance loan: instalment = P x r / (1 - (1 + r)^-n), r the monthly rate (the annual
 * rate / 12), n the months; the interest is n instalments less the amount financed, computed from
 * the unrounded instalment and then rounded to the shilling.
 */
export function financeQuote({ price, deposit, months, annualRatePercent }: FinanceInput, settings: Pick<FinanceSettings, 'arrangementFee' | 'fixedFees'>): FinanceQuote {
  const principal = Math.max(0, price - deposit);
  const r = annualRatePercent / 100 / 12;
  const instalment = principal === 0 ? 0 : r === 0 ? principal / months : (principal * r) / (1 - (1 + r) ** -months);
  const totalInterest = Math.round(instalment * months - principal);
  const fees = principal === 0 ? 0 : Math.round(principal * settings.arrangementFee) + settings.fixedFees;
  const monthlyInstalment = Math.round(instalment);
  return {
    amountFinanced: principal,
    monthlyInstalment,
    totalInterest,
    fees,
    totalCostOfCredit: totalInterest + fees,
    totalPayable: deposit + principal + totalInterest + fees,
  };
}

/** The financing page's inputs as they travel in its URL: `?price=1000000&deposit=0&months=48&rate=14.5` (deposit in KES). */
export const FinanceQuerySchema = z.object({
  price: z.coerce.number().int().positive().max(1_000_000_000).optional().catch(undefined),
  deposit: z.coerce.number().int().min(0).max(1_000_000_000).optional().catch(undefined),
  months: z.coerce.number().int().min(FINANCE_TERM_MONTHS.min).max(FINANCE_TERM_MONTHS.max).optional().catch(undefined),
  rate: z.coerce.number().min(0).max(60).optional().catch(undefined),
});
export type FinanceQuery = z.infer<typeof FinanceQuerySchema>;
