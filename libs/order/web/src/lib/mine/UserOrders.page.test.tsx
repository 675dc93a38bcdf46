import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsOf } from '@dealership/web-trpc-client/testing';
import { makeOrder, renderOrdersPage } from '../../testing';
import { UserOrdersPage } from './UserOrders.page';

const ROUTE = '/dashboard/user/order';

const reservation = makeOrder({
  id: '7c1e2d3f-0000-4000-8000-000000000001',
  status: 'Shipped',
  amount: 9_700_000,
  lines: [
    { id: 'line-1', carId: 'car-1', slug: 'toyota-prado', name: 'Toyota Prado', price: 6_500_000, imageUrl: '/media/cars/prado.webp' },
    { id: 'line-2', carId: 'car-2', slug: 'mazda-cx-5', name: 'Mazda CX-5', price: 3_200_000, imageUrl: null },
  ],
});
const paid = makeOrder({ status: 'deliverd', payment: { success: true, method: 'card', provider: 'braintree', transactionId: 'bt-123' } });

// Toasts live in a store shared by the tests of a file.
afterEach(() => act(() => notifications.clean()));

describe('UserOrdersPage', () => {
  it("lists the buyer's orders from order.mine, the status read-only, with the payment badge", async () => {
    const { calls } = renderOrdersPage(<UserOrdersPage />, { route: ROUTE, api: () => ({ data: [reservation, paid] }) });
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(calls.map((call) => call.procedure)).toEqual(['order.mine']);

    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(articles[0]).getByText('Shipped')).toBeInTheDocument();
    expect(within(articles[0]).getByText('Reservation')).toBeInTheDocument();
    expect(within(articles[1]).getByText('deliverd')).toBeInTheDocument();
    expect(within(articles[1]).getByText('Success')).toBeInTheDocument();
    // The buyer's own contact is on the receipt, not in the table.
    expect(screen.queryByRole('link', { name: /^Call / })).not.toBeInTheDocument();
  });

  it('opens a printable receipt: dealer, order number, date, buyer, cars with prices, total, payment and status', async () => {
    const print = jest.fn();
    window.print = print;
    renderOrdersPage(<UserOrdersPage />, { route: ROUTE, api: () => ({ data: [reservation, paid] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Print receipt of order 1' }));

    const dialog = await screen.findByRole('dialog', { name: 'Receipt for order 7C1E2D3F' });
    const receipt = within(dialog).getByRole('article', { name: 'Receipt' });
    expect(receipt).toHaveTextContent('Mombasa Car Dealership');
    expect(receipt).toHaveTextContent('+254 711 222 333');
    expect(receipt).toHaveTextContent('Order number7C1E2D3F');
    expect(receipt).toHaveTextContent(/Date.*2025/);
    expect(receipt).toHaveTextContent('StatusShipped');
    expect(receipt).toHaveTextContent('BuyerJuma');
    expect(receipt).toHaveTextContent('Phone0712 345 678');
    expect(receipt).toHaveTextContent('AddressNyali, Mombasa');
    const rows = within(within(receipt).getByRole('table', { name: 'Cars ordered' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['CarPrice', 'Toyota PradoKES 6,500,000', 'Mazda CX-5KES 3,200,000', 'TotalKES 9,700,000']);
    expect(receipt).toHaveTextContent('Payment methodReservation, to pay at the showroom');
    expect(receipt).toHaveTextContent('PaymentNot paid yet: reserved, to pay at the showroom');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Print receipt of order 2' }));
    const card = within(await screen.findByRole('dialog')).getByRole('article', { name: 'Receipt' });
    expect(card).toHaveTextContent('Payment methodCard');
    expect(card).toHaveTextContent('PaymentPaid');
    expect(card).toHaveTextContent('Transactionbt-123');
    expect(card).toHaveTextContent('Statusdeliverd');
  });

  it('says so when there are no orders', async () => {
    renderOrdersPage(<UserOrdersPage />, { route: ROUTE, api: () => ({ data: [] }) });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our cars' })).toHaveAttribute('href', '/cars');
  });

  it("shows 'Server Error' and an error state whose retry loads again", async () => {
    let fail = true;
    const { calls } = renderOrdersPage(<UserOrdersPage />, {
      route: ROUTE,
      api: () => (fail ? { error: { code: 'INTERNAL_SERVER_ERROR' } } : { data: [reservation] }),
    });
    const alert = (await screen.findByRole('heading', { name: 'Server Error' })).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('The error state is not an alert');
    // And the legacy toast (spec §8 'Order fetch failure').
    await waitFor(() => expect(screen.getAllByText('Server Error')).toHaveLength(2));

    fail = false;
    act(() => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(callsOf(calls, 'order.mine')).toHaveLength(2);
  });
});
