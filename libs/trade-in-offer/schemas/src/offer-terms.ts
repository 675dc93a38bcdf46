// Apart from the zod contracts, so the Terms page that states the period loads without zod.

/**
 * How long a written trade-in offer holds when the rate set in force says nothing else (its
 * `reservation.tradeInOfferValidDays`, which the owners set on the Rates page): the Terms page's
 * period and an offer's prefilled "Valid until" (staff may set another date) come from the rate set.
 */
export const TRADE_IN_OFFER_VALID_DAYS = 7;
/** The buyer is reminded this many days before the offer ends. */
export const TRADE_IN_OFFER_REMINDER_DAYS = 2;
