// Apart from the zod contracts, so the Terms page that states the period loads without zod.

/**
 * How long a written trade-in offer holds: the Terms page promises "valid for 7 days" from this
 * number, and an offer's "Valid until" is prefilled from it (staff may set another date).
 */
export const TRADE_IN_OFFER_VALID_DAYS = 7;
/** The buyer is reminded this many days before the offer ends. */
export const TRADE_IN_OFFER_REMINDER_DAYS = 2;
