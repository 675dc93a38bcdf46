import { notifications } from '@mantine/notifications';
import { ORDER_STATUSES, type Order } from '@dealership/order-schemas';
import { callsOf, type FakeApi } from '@dealership/web-trpc-client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, makeMpesaPayment, makeOrder, orderPage, renderOrdersPage } from '../../testing';
import { AdminOrdersPage } from './AdminOrders.page';
import { ORDERS_PAGE_SIZE } from './order-list-params';

const ROUTE = '/dashboard/admin/userorders';

const reservation = makeOrder({ status: 'Not Process' });
const paid = makeOrder({
  buyer: { id: '00000000-0000-4000-8000-0000000000b2', name: 'Amina', emailVerified: true },
  contact: { name: 'Amina', phone: '+254 722 000 111', address: 'Kizingo, Mombasa' },
  payment: { success: true, method: 'card', provider: 'braintree', transactionId: 'tx-9' },
});
const legacyFailed = makeOrder({ status: 'cancel', payment: { success: false, method: 'card', provider: 'braintree' } });

function renderOrders(api: FakeApi, route = ROUTE) {
  return renderOrdersPage(<AdminOrdersPage />, { route, api });
}

const statusSelect = (number: number) => screen.getByRole('combobox', { name: `Status of order ${number}` });

// Toasts live in a store shared by the tests of a file.
afterEach(() => act(() => notifications.clean()));

describe('AdminOrdersPage', () => {
  it('lists a table per order with the five statuses to choose from, the buyer, the payment badge and the contact', async () => {
    const { calls } = renderOrders(() => ({ data: orderPage([reservation, paid, legacyFailed]) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeInTheDocument();
    expect(screen.getByText('Loading orders…')).toBeInTheDocument();

    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(3);
    expect(callsOf(calls, 'order.all').map((call) => call.input)).toEqual([{ page: 1, pageSize: ORDERS_PAGE_SIZE }]);

    const select = statusSelect(1);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...ORDER_STATUSES]);
    expect(select).toHaveValue('Not Process');
    expect(statusSelect(3)).toHaveValue('cancel');

    // The payment badges, in each order's table.
    expect(within(within(articles[0]).getByRole('table')).getByText('Reservation')).toBeInTheDocument();
    expect(within(within(articles[1]).getByRole('table')).getByText('Success')).toBeInTheDocument();
    expect(within(within(articles[2]).getByRole('table')).getByText('Failed')).toBeInTheDocument();
    // The buyer column: the name, and the staff's mark of a buyer who confirmed the account's email.
    expect(within(articles[1]).getByText((_, element) => element?.tagName === 'TD' && element.textContent === 'Aminaverified')).toBeInTheDocument();
    expect(within(articles[1]).getByLabelText('Email verified')).toBeInTheDocument();
    expect(within(articles[0]).queryByLabelText('Email verified')).not.toBeInTheDocument();
    expect(within(articles[1]).getByRole('link', { name: 'Call +254 722 000 111' })).toHaveAttribute('href', 'tel:+254722000111');
    expect(within(articles[1]).getByRole('link', { name: 'WhatsApp +254 722 000 111' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/254722000111\?/);
    expect(within(articles[1]).getByText('Kizingo, Mombasa')).toBeInTheDocument();
    expect(within(articles[0]).getByRole('link', { name: 'Toyota Prado' })).toHaveAttribute('href', '/car/toyota-prado');
    expect(screen.getByText('Showing 1-3 of 3 orders')).toBeInTheDocument();
  });

  it("saves a new status, shows 'Order Changed to {status}' and reloads the list", async () => {
    let stored: Order = reservation;
    const { calls } = renderOrders((procedure, input) => {
      if (procedure === 'order.setStatus') {
        stored = { ...stored, status: (input as { status: Order['status'] }).status };
        return { data: stored };
      }
      return { data: orderPage([stored]) };
    });
    await screen.findByRole('article');

    fireEvent.change(statusSelect(1), { target: { value: 'Shipped' } });
    expect(await screen.findByText('Order Changed to Shipped')).toBeInTheDocument();
    expect(callsOf(calls, 'order.setStatus').map((call) => call.input)).toEqual([{ orderId: reservation.id, status: 'Shipped' }]);
    await waitFor(() => expect(callsOf(calls, 'order.all')).toHaveLength(2));
    await waitFor(() => expect(statusSelect(1)).toHaveValue('Shipped'));
    expect(statusSelect(1)).toBeEnabled();
  });

  it("shows the server's message when a change is refused, and keeps the stored status", async () => {
    const { calls } = renderOrders((procedure) =>
      procedure === 'order.setStatus' ? { error: { code: 'NOT_FOUND', message: 'Order not found' } } : { data: orderPage([reservation]) },
    );
    await screen.findByRole('article');

    fireEvent.change(statusSelect(1), { target: { value: 'deliverd' } });
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.queryByText(/Order Changed to/)).not.toBeInTheDocument();
    await waitFor(() => expect(statusSelect(1)).toBeEnabled());
    expect(statusSelect(1)).toHaveValue('Not Process');
    expect(callsOf(calls, 'order.all')).toHaveLength(1);
  });

  it('reads the status filter, the buyer search and the page from the URL, and writes changes back to it', async () => {
    const { calls } = renderOrders((_, input) => {
      const { page = 1 } = input as { page?: number };
      return { data: orderPage([paid], { page, total: 35 }) };
    }, `${ROUTE}?status=Shipped&search=amina&page=2`);
    await screen.findByRole('article');
    expect(callsOf(calls, 'order.all')[0].input).toEqual({ status: 'Shipped', search: 'amina', page: 2, pageSize: ORDERS_PAGE_SIZE });
    expect(screen.getByRole('searchbox', { name: 'Search buyer' })).toHaveValue('amina');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Shipped');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // The number goes on from the previous page.
    expect(within(screen.getByRole('article')).getAllByRole('cell')[0]).toHaveTextContent('11');
    expect(screen.getByText('Showing 11-11 of 35 orders')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Page 3' }).click());
    expect(currentLocation()).toBe(`${ROUTE}?status=Shipped&search=amina&page=3`);
    await waitFor(() => expect(callsOf(calls, 'order.all').at(-1)?.input).toEqual({ status: 'Shipped', search: 'amina', page: 3, pageSize: ORDERS_PAGE_SIZE }));

    // The search waits for a pause in typing, then starts again at page 1.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search buyer' }), { target: { value: ' 0722 ' } });
    expect(currentLocation()).toBe(`${ROUTE}?status=Shipped&search=amina&page=3`);
    await waitFor(() => expect(currentLocation()).toBe(`${ROUTE}?status=Shipped&search=0722`));
    await waitFor(() => expect(callsOf(calls, 'order.all').at(-1)?.input).toEqual({ status: 'Shipped', search: '0722', page: 1, pageSize: ORDERS_PAGE_SIZE }));

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'deliverd' }));
    expect(currentLocation()).toBe(`${ROUTE}?status=deliverd&search=0722`);
    await waitFor(() => expect(callsOf(calls, 'order.all').at(-1)?.input).toEqual({ status: 'deliverd', search: '0722', page: 1, pageSize: ORDERS_PAGE_SIZE }));
  });

  it('shows each payment: method, card transaction or M-Pesa receipt, amount and time, deposit, balance, hold end and the M-Pesa requests', async () => {
    const mpesa = makeOrder({
      status: 'Not Process',
      amount: 6_500_000,
      deposit: { amount: 50_000, paidAt: '2026-11-23T10:01:00.000Z', receipt: 'QKL3ABC1XY' },
      balance: 6_450_000,
      holdExpiresAt: '2026-12-07T10:01:00.000Z',
      mpesaPayments: [
        makeMpesaPayment({
          id: '5b6c7d8e-0000-4000-9000-000000000002',
          state: 'paid',
          receipt: 'QKL3ABC1XY',
          resultCode: 0,
          message: 'Paid. Thank you: your M-Pesa payment is received.',
          requestedAt: '2026-11-23T10:00:30.000Z',
        }),
        makeMpesaPayment({
          id: '5b6c7d8e-0000-4000-9000-000000000001',
          state: 'failed',
          phone: '+254712000999',
          resultCode: 1032,
          message: 'You cancelled the M-Pesa request on your phone. Nothing was paid; you can try again.',
          requestedAt: '2026-11-23T09:58:00.000Z',
        }),
      ],
    });
    const unpaid = makeOrder({ status: 'Not Process', deposit: { amount: 50_000, paidAt: null, receipt: null }, holdExpiresAt: '2026-11-25T07:00:00.000Z' });
    const card = makeOrder({
      createdAt: '2026-11-20T08:00:00.000Z',
      balance: 0,
      payment: { success: true, method: 'card', provider: 'braintree', transactionId: 'tx-9' },
    });
    renderOrders(() => ({ data: orderPage([mpesa, unpaid, card]) }));
    const articles = await screen.findAllByRole('article');

    const deposit = within(articles[0]).getByLabelText('Payment details');
    expect(deposit).toHaveTextContent('MethodM-Pesa deposit');
    expect(deposit).toHaveTextContent('ReferenceM-Pesa receipt QKL3ABC1XY');
    expect(deposit).toHaveTextContent('Amount paidKES 50,000');
    expect(deposit).toHaveTextContent('Paid at23 Nov 2026, 13:01');
    expect(deposit).toHaveTextContent('DepositKES 50,000 · Paid 23 Nov 2026, 13:01 · M-Pesa receipt QKL3ABC1XY');
    expect(deposit).toHaveTextContent('Balance dueKES 6,450,000');
    expect(deposit).toHaveTextContent('Hold ends7 Dec 2026, 13:01');
    const requests = within(within(articles[0]).getByRole('list', { name: 'M-Pesa requests' })).getAllByRole('listitem');
    expect(requests.map((request) => request.textContent)).toEqual([
      'Paid+25471234567823 Nov 2026, 13:00Paid. Thank you: your M-Pesa payment is received.',
      'Failed+25471200099923 Nov 2026, 12:58You cancelled the M-Pesa request on your phone. Nothing was paid; you can try again.',
    ]);

    const reserved = within(articles[1]).getByLabelText('Payment details');
    expect(reserved).toHaveTextContent('MethodReservation');
    expect(reserved).toHaveTextContent('Amount paidNothing paid yet');
    expect(reserved).toHaveTextContent('DepositKES 50,000 · Not paid');
    expect(reserved).toHaveTextContent('Hold ends25 Nov 2026, 10:00');
    expect(within(articles[1]).queryByRole('list', { name: 'M-Pesa requests' })).not.toBeInTheDocument();

    const paidByCard = within(articles[2]).getByLabelText('Payment details');
    expect(paidByCard).toHaveTextContent('MethodCard');
    expect(paidByCard).toHaveTextContent('ReferenceTransaction tx-9');
    expect(paidByCard).toHaveTextContent('Amount paidKES 6,500,000');
    expect(paidByCard).toHaveTextContent('Paid at20 Nov 2026, 11:00');
    expect(paidByCard).toHaveTextContent('Balance dueKES 0');
    expect(paidByCard).not.toHaveTextContent('Hold');
  });

  it("filters the holds ending today, in the query and the page's URL", async () => {
    const { calls } = renderOrders(() => ({ data: orderPage([reservation]) }), `${ROUTE}?status=Not+Process&page=2`);
    await screen.findByRole('article');
    const chip = screen.getByRole('checkbox', { name: 'Expiring today' });
    expect(chip).not.toBeChecked();

    fireEvent.click(chip);
    expect(currentLocation()).toBe(`${ROUTE}?status=Not+Process&expiringToday=true`);
    await waitFor(() =>
      expect(callsOf(calls, 'order.all').at(-1)?.input).toEqual({ status: 'Not Process', expiringToday: true, page: 1, pageSize: ORDERS_PAGE_SIZE }),
    );
    expect(screen.getByRole('checkbox', { name: 'Expiring today' })).toBeChecked();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Expiring today' }));
    expect(currentLocation()).toBe(`${ROUTE}?status=Not+Process`);
  });

  it('reads the holds ending today from the URL, and clears them with the other filters', async () => {
    const { calls } = renderOrders(() => ({ data: orderPage([]) }), `${ROUTE}?expiringToday=true`);
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(callsOf(calls, 'order.all')[0].input).toEqual({ expiringToday: true, page: 1, pageSize: ORDERS_PAGE_SIZE });
    expect(screen.getByRole('checkbox', { name: 'Expiring today' })).toBeChecked();
    act(() => screen.getByRole('button', { name: 'Clear filters' }).click());
    expect(currentLocation()).toBe(ROUTE);
  });

  it('offers to clear the filters when no order matches them', async () => {
    renderOrders(() => ({ data: orderPage([]) }), `${ROUTE}?status=cancel`);
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Clear filters' }).click());
    expect(currentLocation()).toBe(ROUTE);
  });

  it('says so when there are no orders at all', async () => {
    renderOrders(() => ({ data: orderPage([]) }));
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });

  it('offers the first page when the URL points past the last one', async () => {
    renderOrders(() => ({ data: orderPage([], { page: 9, total: 3 }) }), `${ROUTE}?page=9`);
    expect(await screen.findByText('There are no orders on this page.')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Go to the first page' }).click());
    expect(currentLocation()).toBe(ROUTE);
  });

  it("shows 'Server Error' when the orders cannot be loaded, and a retry that loads them again", async () => {
    let fail = true;
    renderOrders(() => (fail ? { error: { code: 'INTERNAL_SERVER_ERROR' } } : { data: orderPage([reservation]) }));
    const alert = (await screen.findByRole('heading', { name: 'Server Error' })).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('The error state is not an alert');
    // And the legacy toast (spec §8 'Order fetch failure').
    await waitFor(() => expect(screen.getAllByText('Server Error')).toHaveLength(2));

    fail = false;
    act(() => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });
});
