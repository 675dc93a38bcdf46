import { INITIAL_ORDER_STATUS, ORDER_STATUSES, OrderStatusSchema } from './order.schemas';

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
