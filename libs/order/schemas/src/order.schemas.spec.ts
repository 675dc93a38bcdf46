import {
  INITIAL_ORDER_STATUS,
  ORDER_STATUSES,
  OrderListInputSchema,
  OrderPlaceInputSchema,
  OrderSetStatusInputSchema,
  OrderStatusSchema,
} from './order.schemas';

describe('order statuses', () => {
  it('are exactly the legacy values, spelling included', () => {
    expect(ORDER_STATUSES).toEqual(['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel']);
    expect(INITIAL_ORDER_STATUS).toBe('Not Process');
  });

  it('refuse anything else, listing what is allowed', () => {
    expect(OrderStatusSchema.safeParse('Delivered').error?.issues[0].message).toBe('status must be one of: Not Process, Processing, Shipped, deliverd, cancel');
    expect(OrderStatusSchema.parse('deliverd')).toBe('deliverd');
  });
});

describe('control characters in order inputs', () => {
  it('are refused before the status check', () => {
    const result = OrderSetStatusInputSchema.safeParse({ orderId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', status: 'Shipped\u0000' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([`status must be one of: ${ORDER_STATUSES.join(', ')}`]);
    expect(OrderSetStatusInputSchema.safeParse({ orderId: '\u0000', status: 'Shipped' }).error?.issues[0].message).toBe('must be a valid id');
  });
});

describe('order.place input', () => {
  const car = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
  const other = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';

  it('counts a repeated car once and takes no price from the client', () => {
    expect(OrderPlaceInputSchema.parse({ carIds: [car, other, car], payment: { method: 'reservation' }, price: 1 })).toEqual({
      carIds: [car, other],
      payment: { method: 'reservation' },
    });
  });

  it('needs a nonce for a card and names what is wrong', () => {
    const message = (input: unknown) => OrderPlaceInputSchema.safeParse(input).error?.issues[0].message;
    expect(message({ carIds: [car], payment: { method: 'card' } })).toBe('payment.nonce is required');
    expect(message({ carIds: [car], payment: { method: 'card', nonce: '  ' } })).toBe('payment.nonce is required');
    expect(message({ carIds: [car], payment: { method: 'cash' } })).toBe('payment.method must be one of: reservation, card');
    expect(message({ carIds: [], payment: { method: 'reservation' } })).toBe('Choose at least one car');
    expect(message({ carIds: Array(11).fill(car), payment: { method: 'reservation' } })).toBe('At most 10 cars per order');
    expect(message({ carIds: [car], payment: { method: 'reservation' }, idempotencyKey: 'short' })).toBe('idempotencyKey must be 8 to 128 characters');
    expect(message({ carIds: [car], payment: { method: 'reservation' }, idempotencyKey: 'has spaces in it' })).toBe(
      'idempotencyKey may hold letters, digits and _ . : - only',
    );
    expect(OrderPlaceInputSchema.parse({ carIds: [car], payment: { method: 'card', nonce: 'tokencc_abc' }, idempotencyKey: 'checkout-1234' })).toEqual({
      carIds: [car],
      payment: { method: 'card', nonce: 'tokencc_abc' },
      idempotencyKey: 'checkout-1234',
    });
  });
});

describe('order.all input', () => {
  it('defaults to the first page, newest first, with no filter', () => {
    expect(OrderListInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(OrderListInputSchema.parse({ status: 'cancel', search: '  amina ' })).toEqual({ status: 'cancel', search: 'amina', page: 1, pageSize: 12 });
    expect(OrderListInputSchema.safeParse({ status: 'Delivered' }).success).toBe(false);
  });
});
