import { KenyanPhoneSchema, optionalEmailSchema } from '@dealership/lead-schemas';
import { IdSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { z } from 'zod';

export * from './offer-terms';
export const TRADE_IN_OFFER_CONDITIONS_MAX_LENGTH = 1000;

export const TRADE_IN_OFFER_STATUSES = ['sent', 'accepted', 'declined', 'expired'] as const;
export type TradeInOfferStatus = (typeof TRADE_IN_OFFER_STATUSES)[number];
export const TRADE_IN_OFFER_STATUS_LABELS: Record<TradeInOfferStatus, string> = { sent: 'Waiting for the buyer', accepted: 'Accepted', declined: 'Declined', expired: 'Expired' };

const words = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * A written offer for a buyer's car, made by staff from a trade-in request after its inspection at
 * the showroom: the amount, the conditions and the last day it holds (a week by default).
 */
export const TradeInOfferCreateInputSchema = z.object({
  leadId: IdSchema.optional(),
  buyerName: words('Buyer name', 120),
  buyerPhone: KenyanPhoneSchema,
  buyerEmail: optionalEmailSchema('Buyer email'),
  /** The car as the offer names it: "2015 Toyota Axio, 120,000 km". */
  car: words('Car', 160),
  amountKes: z
    .number({ error: 'Offer amount (KES) must be a number' })
    .int({ error: 'Offer amount (KES) must be a whole number of shillings' })
    .min(1, { error: 'Offer amount (KES) must be at least 1' })
    .max(100_000_000, { error: 'Offer amount (KES) is too large' }),
  /** The last day the offer holds (YYYY-MM-DD, Nairobi); a week from today when not given. */
  validUntil: z.iso.date({ error: 'Valid until must be a date (YYYY-MM-DD)' }).optional(),
  conditions: text()
    .trim()
    .max(TRADE_IN_OFFER_CONDITIONS_MAX_LENGTH, { error: `Conditions must be at most ${TRADE_IN_OFFER_CONDITIONS_MAX_LENGTH} characters` })
    .optional()
    .transform((value) => value || undefined),
});
export type TradeInOfferCreateInput = z.input<typeof TradeInOfferCreateInputSchema>;
export type TradeInOfferCreateFields = z.output<typeof TradeInOfferCreateInputSchema>;

/** An offer as staff read it. */
export const TradeInOfferSchema = z.object({
  id: IdSchema,
  reference: z.string(),
  leadId: IdSchema.nullable(),
  buyerName: z.string(),
  buyerPhone: z.string(),
  buyerEmail: z.string().nullable(),
  car: z.string(),
  amountKes: z.number().int(),
  conditions: z.string().nullable(),
  validUntil: z.iso.date(),
  status: z.enum(TRADE_IN_OFFER_STATUSES),
  answeredAt: TimestampSchema.nullable(),
  remindedAt: TimestampSchema.nullable(),
  /** The buyer's page (a signed link). */
  offerUrl: z.string(),
  createdBy: z.string(),
  createdAt: TimestampSchema,
});
export type TradeInOffer = z.infer<typeof TradeInOfferSchema>;

/** What the buyer's page shows: the offer, never the staff's names or the buyer's contacts. */
export const TradeInOfferViewSchema = TradeInOfferSchema.pick({ reference: true, car: true, amountKes: true, conditions: true, validUntil: true, status: true });
export type TradeInOfferView = z.infer<typeof TradeInOfferViewSchema>;

export const TradeInOfferTokenInputSchema = z.object({ token: text().trim().min(1, { error: 'token is required' }).max(200, { error: 'token is too long' }) });
export const TradeInOfferForLeadInputSchema = z.object({ leadId: IdSchema });

/**
 * An accepted offer a signed-in buyer may use at checkout (issue 46): theirs (accepted signed in,
 * or made for the email or phone their account proved), still valid, credited to no order yet.
 */
export const TradeInCreditSchema = z.object({ id: IdSchema, reference: z.string(), car: z.string(), amountKes: z.number().int(), validUntil: z.string() });
export type TradeInCredit = z.infer<typeof TradeInCreditSchema>;
