import type { OrderRow } from '../lib/orders/OrdersTable';

/** An order shaped like `order.mine`'s items. */
export function makeOrder(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 'order-1',
    status: 'Processing',
    buyer: { id: 'user-1', name: 'Juma' },
    createdAt: '2025-06-12T12:00:00.000Z',
    amount: 6_500_000,
    payment: { success: true, provider: 'braintree' },
    lines: [
      {
        id: 'line-1',
        carId: 'car-1',
        slug: 'toyota-prado',
        name: 'Toyota Prado',
        price: 6_500_000,
        imageUrl: '/media/cars/prado.webp',
      },
    ],
    ...overrides,
  };
}
