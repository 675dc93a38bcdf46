import { orderNumber, paymentLabel, paymentMethodLabel } from './order-format';

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
});
