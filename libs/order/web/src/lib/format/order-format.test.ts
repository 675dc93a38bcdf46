import {
  balanceAfterDeposit,
  canPayDeposit,
  describeDeposit,
  formatNairobiTime,
  orderNumber,
  paymentKind,
  paymentLabel,
  paymentMethodLabel,
} from './order-format';

const reservation = { method: 'reservation', success: false, provider: 'reservation' } as const;
const unpaid = { amount: 50_000, paidAt: null, receipt: null };
const paid = { amount: 50_000, paidAt: '2026-11-23T10:01:00.000Z', receipt: 'QKL3ABC1XY' };

describe('order format', () => {
  it('shortens the id to an order number', () => {
    expect(orderNumber({ id: '3f2a9c1b-0d4e-4a5b-8c6d-7e8f9a0b1c2d' })).toBe('3F2A9C1B');
  });

  it('names the payment: Success or Failed for a card, Reservation otherwise', () => {
    expect(paymentLabel({ method: 'card', success: true })).toBe('Success');
    expect(paymentLabel({ method: 'card', success: false })).toBe('Failed');
    expect(paymentLabel({ method: 'reservation', success: false })).toBe('Reservation');
    expect(paymentMethodLabel('reservation')).toBe('Reservation, to pay at the showroom');
    expect(paymentMethodLabel('card')).toBe('Card');
  });

  it('tells the time in Nairobi, whatever the browser says', () => {
    expect(formatNairobiTime('2026-11-23T21:30:00.000Z')).toBe('24 Nov 2026, 00:30');
  });

  it('names how an order was paid, for the staff', () => {
    expect(paymentKind({ payment: reservation, deposit: unpaid })).toBe('Reservation');
    expect(paymentKind({ payment: reservation, deposit: null })).toBe('Reservation');
    expect(paymentKind({ payment: reservation, deposit: paid })).toBe('M-Pesa deposit');
    expect(paymentKind({ payment: { method: 'card', success: true, provider: 'braintree' }, deposit: null })).toBe('Card');
  });

  it('describes a deposit and what is left after it', () => {
    expect(describeDeposit(unpaid)).toBe('KES 50,000 · Not paid');
    expect(describeDeposit(paid)).toBe('KES 50,000 · Paid 23 Nov 2026, 13:01 · M-Pesa receipt QKL3ABC1XY');
    expect(describeDeposit({ ...paid, receipt: null })).toBe('KES 50,000 · Paid 23 Nov 2026, 13:01');
    expect(balanceAfterDeposit({ balance: 6_500_000, deposit: unpaid })).toBe(6_450_000);
    expect(balanceAfterDeposit({ balance: 6_450_000, deposit: paid })).toBe(6_450_000);
    expect(balanceAfterDeposit({ balance: 0, deposit: null })).toBe(0);
  });

  it('offers an M-Pesa deposit only on a reservation not yet moved on whose deposit is due', () => {
    expect(canPayDeposit({ payment: reservation, deposit: unpaid, status: 'Not Process' })).toBe(true);
    expect(canPayDeposit({ payment: reservation, deposit: paid, status: 'Not Process' })).toBe(false);
    expect(canPayDeposit({ payment: reservation, deposit: unpaid, status: 'cancel' })).toBe(false);
    expect(canPayDeposit({ payment: reservation, deposit: unpaid, status: 'Processing' })).toBe(false);
    expect(canPayDeposit({ payment: reservation, deposit: null, status: 'Not Process' })).toBe(false);
    expect(canPayDeposit({ payment: { method: 'card', success: true, provider: 'braintree' }, deposit: null, status: 'Not Process' })).toBe(false);
  });
});
