import type { MpesaPayment, Order } from '@dealership/order-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';

let sequence = 0;

/** An order shaped like `order.mine` and `order.all` items: Juma's reservation of a Prado. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  sequence += 1;
  const suffix = String(sequence).padStart(12, '0');
  return {
    id: `3f2a9c1b-0d4e-4a5b-8c6d-${suffix}`,
    status: 'Processing',
    buyer: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Juma', emailVerified: false },
    contact: { name: 'Juma', phone: '0712 345 678', address: 'Nyali, Mombasa' },
    createdAt: '2025-06-12T12:00:00.000Z',
    amount: 6_500_000,
    payment: { success: false, method: 'reservation', provider: 'reservation' },
    lines: [
      {
        id: `00000000-0000-4000-a000-${suffix}`,
        carId: '00000000-0000-4000-c000-000000000001',
        slug: 'toyota-prado',
        name: 'Toyota Prado',
        price: 6_500_000,
        imageUrl: '/media/cars/prado.webp',
      },
    ],
    deposit: null,
    balance: 6_500_000,
    holdExpiresAt: null,
    mpesaPayments: [],
    tradeInCredit: null,
    ...overrides,
  };
}

/** An M-Pesa request for an order's deposit, waiting for the buyer's PIN unless told otherwise. */
export function makeMpesaPayment(overrides: Partial<MpesaPayment> = {}): MpesaPayment {
  return {
    id: '5b6c7d8e-0000-4000-9000-000000000001',
    orderId: '3f2a9c1b-0d4e-4a5b-8c6d-000000000001',
    state: 'pending',
    amount: 50_000,
    phone: '+254712345678',
    receipt: null,
    resultCode: null,
    message: 'Check your phone and enter your M-Pesa PIN',
    requestedAt: '2026-11-23T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** A page of `order.all`. */
export function orderPage(items: Order[], { page = 1, pageSize = 10, total = items.length } = {}) {
  return { items, total, page, pageSize, pageCount: Math.ceil(total / pageSize) };
}

/** Shows the current URL, so tests can assert the filters kept in the query string. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}

/** The current URL (path and query), as the location probe shows it. */
export const currentLocation = () => screen.getByRole('status', { name: 'Current location' }).textContent;

/** Renders a screen with the app's providers over a fake tRPC API (queries and mutations), and a location probe. */
export function renderOrdersPage(ui: ReactElement, { route = '/', api }: { route?: string; api: FakeApi }): RenderResult & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const result = renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      {ui}
      <LocationProbe />
    </TestTrpcProvider>,
    { route },
  );
  return { ...result, calls };
}
