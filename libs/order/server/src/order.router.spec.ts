import { createCallerFactory } from '@dealership/server-trpc';
import { OrderRouter } from './order.router';

describe('OrderRouter', () => {
  it('offers the legacy statuses for the admin status dropdown', async () => {
    const caller = createCallerFactory(new OrderRouter().router)({ user: null, ip: '127.0.0.1' });
    expect(await caller.statuses()).toEqual(['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel']);
  });
});
