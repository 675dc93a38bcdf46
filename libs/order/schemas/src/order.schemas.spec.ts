import { INITIAL_ORDER_STATUS, ORDER_STATUSES, OrderSetStatusInputSchema, OrderStatusSchema } from './order.schemas';

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
