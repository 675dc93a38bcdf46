import type { FinanceSettings } from './finance-settings.schema';

import { queryInteger } from './import-duty';

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
export function financeQuote(
  { price, deposit, months, annualRatePercent }: FinanceInput,
  settings: Pick<FinanceSettings, 'arrangementFee' | 'fixedFees'>,
): FinanceQuote {
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
export interface FinanceQuery {
  price?: number;
  deposit?: number;
  months?: number;
  rate?: number;
}

/** The financing page's query, each value kept only when it is valid (plain code: no zod on the page's route). */
export function parseFinanceQuery(params: Record<string, string | undefined>): FinanceQuery {
  const rateText = params['rate']?.trim() ?? '';
  const rate = /^\d+(\.\d+)?$/.test(rateText) && Number(rateText) <= 60 ? Number(rateText) : undefined;
  const query: FinanceQuery = {
    price: queryInteger(params['price'], 1, 1_000_000_000),
    deposit: queryInteger(params['deposit'], 0, 1_000_000_000),
    months: queryInteger(params['months'], FINANCE_TERM_MONTHS.min, FINANCE_TERM_MONTHS.max),
    rate,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as FinanceQuery;
}
