import { IdSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

/**
 * What a car cost the dealer (issue 46), line by line: owners only, never in a public page, the
 * car's public read model, the legacy REST or the feeds. The margin is the asking price less them.
 */
export const CAR_COST_KINDS = ['purchase', 'freight', 'duty', 'clearing', 'parts', 'labour', 'bodywork', 'other'] as const;
export type CarCostKind = (typeof CAR_COST_KINDS)[number];
export const CAR_COST_KIND_LABELS: Record<CarCostKind, string> = {
  purchase: 'Purchase',
  freight: 'Freight',
  duty: 'Duty',
  clearing: 'Clearing',
  parts: 'Parts',
  labour: 'Labour',
  bodywork: 'Bodywork',
  other: 'Other',
};
/** The currencies a car is bought in (at auction, from an exporter, locally). */
export const CAR_COST_CURRENCIES = ['KES', 'JPY', 'USD', 'GBP', 'EUR', 'AED', 'ZAR'] as const;
export type CarCostCurrency = (typeof CAR_COST_CURRENCIES)[number];

export const CAR_COST_TEXT_MAX_LENGTH = 120;
const MAX_KES = 1_000_000_000;

const optionalWords = (label: string) =>
  text()
    .trim()
    .max(CAR_COST_TEXT_MAX_LENGTH, { error: `${label} must be at most ${CAR_COST_TEXT_MAX_LENGTH} characters` })
    .optional()
    .transform((value) => value || undefined);

/**
 * A cost line as staff type it: an amount in shillings, or (a purchase abroad) an amount in the
 * purchase currency with the rate used, from which the shillings are worked out (rounded).
 */
export const CarCostFieldsSchema = z
  .object({
    kind: z.enum(CAR_COST_KINDS, { error: `Kind must be one of: ${CAR_COST_KINDS.join(', ')}` }),
    currency: z.enum(CAR_COST_CURRENCIES, { error: `Currency must be one of: ${CAR_COST_CURRENCIES.join(', ')}` }).default('KES'),
    /** In `currency` (whole units; shillings when KES). */
    amount: z
      .number({ error: 'Amount must be a number' })
      .positive({ error: 'Amount must be more than 0' })
      .max(100_000_000_000, { error: 'Amount is too large' })
      .refine((value) => Number.isInteger(value * 100), { error: 'Amount has at most two decimals' }),
    /** Shillings per unit of `currency`; 1 (and not asked) for KES. */
    exchangeRate: z
      .number({ error: 'Exchange rate must be a number' })
      .positive({ error: 'Exchange rate must be more than 0' })
      .max(100_000, { error: 'Exchange rate is too large' })
      .optional(),
    supplier: optionalWords('Supplier'),
    receipt: optionalWords('Receipt'),
  })
  .superRefine((cost, context) => {
    if (cost.currency !== 'KES' && cost.exchangeRate === undefined) {
      context.addIssue({ code: 'custom', path: ['exchangeRate'], message: `Exchange rate is required for an amount in ${cost.currency}` });
    }
    if (Math.round(cost.amount * (cost.currency === 'KES' ? 1 : (cost.exchangeRate ?? 1))) > MAX_KES) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'Amount is too large' });
    }
  })
  .transform((cost) => {
    const rate = cost.currency === 'KES' ? undefined : cost.exchangeRate;
    return { ...cost, exchangeRate: rate, amountKes: Math.round(cost.amount * (rate ?? 1)) };
  });

export const CarCostsInputSchema = z.object({ carId: IdSchema });
export const CarCostAddInputSchema = z.object({ carId: IdSchema, cost: CarCostFieldsSchema });
export const CarCostUpdateInputSchema = z.object({ id: IdSchema, cost: CarCostFieldsSchema });
export const CarCostRemoveInputSchema = z.object({ id: IdSchema });
export type CarCostFields = z.output<typeof CarCostFieldsSchema>;
export type CarCostFieldsInput = z.input<typeof CarCostFieldsSchema>;

export const CarCostSchema = z.object({
  id: IdSchema,
  kind: z.enum(CAR_COST_KINDS),
  currency: z.enum(CAR_COST_CURRENCIES),
  amount: z.number(),
  exchangeRate: z.number().nullable(),
  amountKes: z.number().int(),
  supplier: z.string().nullable(),
  receipt: z.string().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: TimestampSchema,
});
export type CarCost = z.infer<typeof CarCostSchema>;

/** A car's costs with their total, and the margin at its asking price. */
export const CarCostsSchema = z.object({
  carId: IdSchema,
  items: z.array(CarCostSchema),
  totalKes: z.number().int(),
  priceKes: z.number().int(),
  marginKes: z.number().int(),
});
export type CarCosts = z.infer<typeof CarCostsSchema>;

/** An owner's aged-stock alert: the days in stock from which a car is on the weekly list; null: off. */
export const AGED_STOCK_DAYS = { min: 7, max: 365, suggested: 75 } as const;
export const AgedStockAlertInputSchema = z.object({
  days: z
    .number({ error: 'Days must be a number' })
    .int({ error: 'Days must be a whole number' })
    .min(AGED_STOCK_DAYS.min, { error: `Days must be at least ${AGED_STOCK_DAYS.min}` })
    .max(AGED_STOCK_DAYS.max, { error: `Days must be at most ${AGED_STOCK_DAYS.max}` })
    .nullable(),
});
export const AgedStockAlertSchema = z.object({ days: z.number().int().nullable(), lastSentAt: TimestampSchema.nullable() });
export type AgedStockAlert = z.infer<typeof AgedStockAlertSchema>;
