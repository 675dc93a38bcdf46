import { DEFAULT_RESERVATION_RULES as rules, reservationDeposit } from './reservation-rules';
import { ReservationRulesSchema } from './reservation-rules.schema';

const issue = (value: unknown) => {
  const found = ReservationRulesSchema.safeParse(value).error?.issues[0];
  return found && { path: found.path, message: found.message };
};

describe('reservation rules', () => {
  it('default to KES 50,000 a car, 14 days once paid, 48 hours unpaid with a reminder 6 hours before, 2 unpaid at a time, 3 cars per buyer and 6 per address, trade-in offers 7 days', () => {
    expect(ReservationRulesSchema.parse(rules)).toEqual({
      deposit: { kind: 'fixed', amount: 50_000 },
      paidHoldDays: 14,
      unpaidHoldHours: 48,
      reminderHoursBeforeExpiry: 6,
      maxUnpaidPerBuyer: 2,
      maxUnpaidCarsPerBuyer: 3,
      maxUnpaidCarsPerAddress: 6,
      tradeInOfferValidDays: 7,
    });
  });

  it('give a set stored before the car caps the default caps, and name a cap out of bounds', () => {
    const { maxUnpaidCarsPerBuyer: _buyer, maxUnpaidCarsPerAddress: _address, tradeInOfferValidDays: _days, ...older } = rules;
    expect(ReservationRulesSchema.parse(older)).toMatchObject({ maxUnpaidCarsPerBuyer: 3, maxUnpaidCarsPerAddress: 6, tradeInOfferValidDays: 7 });
    expect(issue({ ...rules, maxUnpaidCarsPerBuyer: 0 })).toEqual({ path: ['maxUnpaidCarsPerBuyer'], message: 'maxUnpaidCarsPerBuyer must be at least 1 car' });
    expect(issue({ ...rules, maxUnpaidCarsPerAddress: 2.5 })).toEqual({ path: ['maxUnpaidCarsPerAddress'], message: 'maxUnpaidCarsPerAddress must be a whole number of cars' });
  });

  it('take a percentage of the price as the deposit', () => {
    expect(ReservationRulesSchema.parse({ ...rules, deposit: { kind: 'percent', percent: 2.5 } }).deposit).toEqual({ kind: 'percent', percent: 2.5 });
  });

  it('refuse a deposit out of bounds, naming the field', () => {
    expect(issue({ ...rules, deposit: { kind: 'fixed', amount: 0 } })).toEqual({
      path: ['deposit', 'amount'],
      message: 'deposit.amount must be at least KES 1',
    });
    expect(issue({ ...rules, deposit: { kind: 'fixed', amount: 10_000_001 } })?.message).toBe('deposit.amount must be at most KES 10,000,000');
    expect(issue({ ...rules, deposit: { kind: 'fixed', amount: 500.5 } })?.message).toBe('deposit.amount must be a whole number of shillings');
    expect(issue({ ...rules, deposit: { kind: 'percent', percent: 0.5 } })).toEqual({
      path: ['deposit', 'percent'],
      message: 'deposit.percent must be at least 1%',
    });
    expect(issue({ ...rules, deposit: { kind: 'percent', percent: 101 } })?.message).toBe('deposit.percent must be at most 100%');
    expect(issue({ ...rules, deposit: { kind: 'percent', percent: 2.555 } })?.message).toBe('deposit.percent must have at most 2 decimal places');
    expect(issue({ ...rules, deposit: { kind: 'share', amount: 5 } })?.message).toBe('deposit.kind must be fixed or percent');
  });

  it('refuse holds and caps out of bounds, naming the field', () => {
    expect(issue({ ...rules, paidHoldDays: 0 })).toEqual({ path: ['paidHoldDays'], message: 'paidHoldDays must be at least 1 day' });
    expect(issue({ ...rules, paidHoldDays: 91 })?.message).toBe('paidHoldDays must be at most 90 days');
    expect(issue({ ...rules, unpaidHoldHours: 721 })).toEqual({ path: ['unpaidHoldHours'], message: 'unpaidHoldHours must be at most 720 hours' });
    expect(issue({ ...rules, unpaidHoldHours: 1.555 })?.message).toBe('unpaidHoldHours must have at most 2 decimal places');
    expect(issue({ ...rules, unpaidHoldHours: 0.005 })?.message).toBe('unpaidHoldHours must be at least 0.01 hours');
    expect(issue({ ...rules, unpaidHoldHours: 0.01, reminderHoursBeforeExpiry: 0 })).toBeUndefined();
    expect(issue({ ...rules, reminderHoursBeforeExpiry: -1 })?.message).toBe('reminderHoursBeforeExpiry must be at least 0 hours');
    expect(issue({ ...rules, maxUnpaidPerBuyer: 11 })).toEqual({ path: ['maxUnpaidPerBuyer'], message: 'maxUnpaidPerBuyer must be at most 10 reservations' });
  });

  it('want the reminder before the hold runs out', () => {
    const message = 'reminderHoursBeforeExpiry must be less than the hours a reservation without a deposit is held (unpaidHoldHours)';
    expect(issue({ ...rules, unpaidHoldHours: 6 })).toEqual({ path: ['reminderHoursBeforeExpiry'], message });
    expect(issue({ ...rules, unpaidHoldHours: 4 })?.message).toBe(message);
    expect(issue({ ...rules, unpaidHoldHours: 7 })).toBeUndefined();
  });
});

describe('reservationDeposit', () => {
  it('takes the fixed amount, but never more than the price', () => {
    expect(reservationDeposit(rules, 1_500_000)).toBe(50_000);
    expect(reservationDeposit(rules, 40_000)).toBe(40_000);
    expect(reservationDeposit(rules, 0)).toBe(0);
  });

  it('takes a percentage of the price, rounded up to the shilling', () => {
    const percent = (value: number) => ({ deposit: { kind: 'percent' as const, percent: value } });
    expect(reservationDeposit(percent(5), 1_000_000)).toBe(50_000);
    expect(reservationDeposit(percent(2.3), 1_000_000)).toBe(23_000);
    expect(reservationDeposit(percent(2.5), 1_234_567)).toBe(30_865);
    expect(reservationDeposit(percent(1), 1_234_501)).toBe(12_346);
    expect(reservationDeposit(percent(100), 987_654)).toBe(987_654);
    expect(reservationDeposit(percent(33.33), 3)).toBe(1);
  });
});
