import type { ReservationRules } from './reservation-rules.schema';

/**
 * The rules a rate set starts with: KES 50,000 a car, 14 days once paid, 48 hours unpaid (reminded 6
 * hours before), 2 unpaid reservations at a time, 3 cars unpaid per account and 6 per address.
 */
export const DEFAULT_RESERVATION_RULES: ReservationRules = {
  deposit: { kind: 'fixed', amount: 50_000 },
  paidHoldDays: 14,
  unpaidHoldHours: 48,
  reminderHoursBeforeExpiry: 6,
  maxUnpaidPerBuyer: 2,
  maxUnpaidCarsPerBuyer: 3,
  maxUnpaidCarsPerAddress: 6,
  tradeInOfferValidDays: 7,
};

/**
 * The booking deposit of a car at `price` (KES) under the rules: the fixed amount, or the
 * percentage of the price rounded up to the shilling; never more than the price (nor below 0).
 */
export function reservationDeposit(rules: Pick<ReservationRules, 'deposit'>, price: number): number {
  const ceiling = Math.max(0, Math.ceil(price));
  const { deposit } = rules;
  // In hundredths of a percent, so 2.3% of 1,000,000 is 23,000 and not 23,001 (2.3 x 1e6 / 100 is 23000.000000000004).
  const amount = deposit.kind === 'fixed' ? deposit.amount : Math.ceil((ceiling * Math.round(deposit.percent * 100)) / 10_000);
  return Math.min(amount, ceiling);
}
