import { z } from 'zod';

/** A price in whole Kenyan shillings. */
export const PriceKesSchema = z
  .number({ error: 'Price must be a number' })
  .int({ error: 'Price must be a whole number of shillings' })
  .min(1, { error: 'Price must be at least 1' })
  .max(1_000_000_000, { error: 'Price is too large' });
export type PriceKes = z.infer<typeof PriceKesSchema>;

/** The currency every price is in. */
export const CURRENCY = 'KES' as const;
