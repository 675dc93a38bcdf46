import { z } from 'zod';

// The zod schema apart from the helper (reservation-rules.ts), so a page that shows a deposit loads without zod.
// "KES 50,000", "1 hour", "720 hours".
type Unit = 'KES' | readonly [one: string, many: string];
const amountIn = (unit: Unit, value: number) =>
  unit === 'KES' ? `KES ${value.toLocaleString('en-KE')}` : `${value.toLocaleString('en-KE')} ${value === 1 ? unit[0] : unit[1]}`;
const whole = (name: string, min: number, max: number, unit: Unit) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number of ${unit === 'KES' ? 'shillings' : unit[1]}` })
    .min(min, { error: `${name} must be at least ${amountIn(unit, min)}` })
    .max(max, { error: `${name} must be at most ${amountIn(unit, max)}` });
const DAYS = ['day', 'days'] as const;
const HOURS = ['hour', 'hours'] as const;
/** Hours to the hundredth (0.5 is half an hour, 0.01 about half a minute: a hold short enough to try out). */
const hours = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .min(min, { error: `${name} must be at least ${amountIn(HOURS, min)}` })
    .max(max, { error: `${name} must be at most ${amountIn(HOURS, max)}` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: `${name} must have at most 2 decimal places` });

/** Bounds of the reservation rules, for the form's inputs and the messages alike. */
export const RESERVATION_BOUNDS = {
  depositAmount: { min: 1, max: 10_000_000 },
  depositPercent: { min: 1, max: 100 },
  paidHoldDays: { min: 1, max: 90 },
  unpaidHoldHours: { min: 0.01, max: 720 },
  /** 0: no reminder. */
  reminderHoursBeforeExpiry: { min: 0 },
  maxUnpaidPerBuyer: { min: 1, max: 10 },
  maxUnpaidCarsPerBuyer: { min: 1, max: 30 },
  maxUnpaidCarsPerAddress: { min: 1, max: 300 },
  tradeInOfferValidDays: { min: 1, max: 30 },
} as const;
const B = RESERVATION_BOUNDS;

/** The booking deposit a car takes: a fixed amount in whole KES, or a percentage of its price. */
export const ReservationDepositSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('fixed'), amount: whole('deposit.amount', B.depositAmount.min, B.depositAmount.max, 'KES') }),
    z.object({
      kind: z.literal('percent'),
      percent: z
        .number({ error: 'deposit.percent must be a number' })
        .min(B.depositPercent.min, { error: `deposit.percent must be at least ${B.depositPercent.min}%` })
        .max(B.depositPercent.max, { error: `deposit.percent must be at most ${B.depositPercent.max}%` })
        .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6, { error: 'deposit.percent must have at most 2 decimal places' }),
    }),
  ],
  { error: 'deposit.kind must be fixed or percent' },
);
export type ReservationDeposit = z.infer<typeof ReservationDepositSchema>;

/**
 * How a buyer reserves a car, as the staff keep it in each rate set: the booking deposit, how long
 * a paid deposit holds the car, how long a reservation without one holds it before it expires (and
 * when the buyer is reminded), how many unpaid reservations one account may have open, and how many
 * cars may be held without a deposit per account and per client address (a paid deposit is not
 * capped). The car caps came after the first rate sets: a stored set without them takes the defaults.
 */
export const ReservationRulesSchema = z
  .object({
    deposit: ReservationDepositSchema,
    /** Days a paid deposit holds the car. */
    paidHoldDays: whole('paidHoldDays', B.paidHoldDays.min, B.paidHoldDays.max, DAYS),
    /** Hours a reservation without a deposit holds the car before it expires. */
    unpaidHoldHours: hours('unpaidHoldHours', B.unpaidHoldHours.min, B.unpaidHoldHours.max),
    /** Hours before that expiry the buyer is reminded to pay (0: never). */
    reminderHoursBeforeExpiry: hours('reminderHoursBeforeExpiry', B.reminderHoursBeforeExpiry.min, B.unpaidHoldHours.max - 1),
    /** The most open unpaid reservations one buyer account may have. */
    maxUnpaidPerBuyer: whole('maxUnpaidPerBuyer', B.maxUnpaidPerBuyer.min, B.maxUnpaidPerBuyer.max, ['reservation', 'reservations']),
    /** The most cars one account may hold without a deposit, across its reservations. */
    maxUnpaidCarsPerBuyer: whole('maxUnpaidCarsPerBuyer', B.maxUnpaidCarsPerBuyer.min, B.maxUnpaidCarsPerBuyer.max, ['car', 'cars']).default(3),
    /** The most cars held without a deposit from one client address (IPv6: one /64), whatever the accounts. */
    maxUnpaidCarsPerAddress: whole('maxUnpaidCarsPerAddress', B.maxUnpaidCarsPerAddress.min, B.maxUnpaidCarsPerAddress.max, ['car', 'cars']).default(6),
    /** Days a written trade-in offer holds by default (issue 46): its "Valid until", and what the Terms page promises. */
    tradeInOfferValidDays: whole('tradeInOfferValidDays', B.tradeInOfferValidDays.min, B.tradeInOfferValidDays.max, DAYS).default(7),
  })
  .refine((rules) => rules.reminderHoursBeforeExpiry < rules.unpaidHoldHours, {
    path: ['reminderHoursBeforeExpiry'],
    error: 'reminderHoursBeforeExpiry must be less than the hours a reservation without a deposit is held (unpaidHoldHours)',
  });
export type ReservationRules = z.infer<typeof ReservationRulesSchema>;
