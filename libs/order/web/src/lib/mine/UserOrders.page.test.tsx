import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsOf } from '@dealership/web-trpc-client/testing';
import { makeMpesaPayment, makeOrder, renderOrdersPage } from '../../testing';
import { signIn } from '../checkout/checkout-testing';
import { MPESA_WAITING_MESSAGE } from '../mpesa/use-mpesa-deposit';
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

/** M-Pesa configured: My Orders offers it. */
const MPESA_ON = { cardPayments: false, mpesaPayments: true };

describe('UserOrdersPage', () => {
  it("lists the buyer's orders from order.mine, the status read-only, with the payment badge", async () => {
    const { calls } = renderOrdersPage(<UserOrdersPage />, { route: ROUTE, api: () => ({ data: [reservation, paid] }) });
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(calls.map((call) => call.procedure).sort()).toEqual(['order.mine', 'order.paymentOptions']);

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

  describe('deposits', () => {
    const unpaid = makeOrder({
      id: '7c1e2d3f-0000-4000-8000-000000000003',
      status: 'Not Process',
      deposit: { amount: 50_000, paidAt: null, receipt: null },
      balance: 6_500_000,
      holdExpiresAt: '2026-11-25T07:00:00.000Z',
    });
    const depositPaid = makeOrder({
      status: 'Not Process',
      deposit: { amount: 50_000, paidAt: '2026-11-23T10:01:00.000Z', receipt: 'QKL3ABC1XY' },
      balance: 6_450_000,
      holdExpiresAt: '2026-12-07T10:01:00.000Z',
    });
    const cancelled = makeOrder({ status: 'cancel', deposit: { amount: 50_000, paidAt: null, receipt: null } });

    beforeEach(() => {
      window.localStorage.clear();
      signIn({ phone: '0712 345 678' });
    });

    it('shows the deposit, the balance due and the hold, and offers M-Pesa only for a reservation whose deposit is due', async () => {
      renderOrdersPage(<UserOrdersPage />, {
        route: ROUTE,
        api: (procedure) => (procedure === 'order.paymentOptions' ? { data: MPESA_ON } : { data: [unpaid, depositPaid, paid, cancelled] }),
      });
      const articles = await screen.findAllByRole('article');

      const due = within(articles[0]).getByLabelText('Deposit and balance');
      expect(due).toHaveTextContent('DepositKES 50,000 · Not paid');
      expect(due).toHaveTextContent('Balance dueKES 6,500,000');
      expect(due).toHaveTextContent('Held until25 Nov 2026, 10:00');
      expect(within(articles[0]).getByRole('button', { name: 'Pay deposit of order 1 by M-Pesa' })).toHaveTextContent('Pay deposit by M-Pesa');

      const settled = within(articles[1]).getByLabelText('Deposit and balance');
      expect(settled).toHaveTextContent('DepositKES 50,000 · Paid 23 Nov 2026, 13:01 · M-Pesa receipt QKL3ABC1XY');
      expect(settled).toHaveTextContent('Balance dueKES 6,450,000');
      expect(settled).toHaveTextContent('Held until7 Dec 2026, 13:01');

      // A card order has no deposit or hold; a cancelled reservation takes no deposit.
      expect(within(articles[2]).queryByLabelText('Deposit and balance')).not.toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /^Pay deposit/ })).toHaveLength(1);

      // The printed receipt carries them too.
      fireEvent.click(screen.getByRole('button', { name: 'Print receipt of order 2' }));
      const receipt = within(await screen.findByRole('dialog')).getByRole('article', { name: 'Receipt' });
      expect(receipt).toHaveTextContent('DepositKES 50,000 · Paid 23 Nov 2026, 13:01 · M-Pesa receipt QKL3ABC1XY');
      expect(receipt).toHaveTextContent('Balance dueKES 6,450,000');
      expect(receipt).toHaveTextContent('Held until7 Dec 2026, 13:01');
    });

    it('offers no M-Pesa where the dealer has not configured it', async () => {
      renderOrdersPage(<UserOrdersPage />, {
        route: ROUTE,
        api: (procedure) => (procedure === 'order.paymentOptions' ? { data: { cardPayments: false, mpesaPayments: false } } : { data: [unpaid] }),
      });
      expect(await screen.findAllByRole('article')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: /^Pay deposit/ })).not.toBeInTheDocument();
    });

    it('pays the deposit from the order: the number, the prompt, then the receipt and the longer hold', async () => {
      const pending = makeMpesaPayment({ orderId: unpaid.id });
      const afterPayment = {
        ...unpaid,
        deposit: { amount: 50_000, paidAt: '2026-11-23T10:01:00.000Z', receipt: 'QKL3ABC1XY' },
        balance: 6_450_000,
        holdExpiresAt: '2026-12-07T10:01:00.000Z',
      };
      let settledOnServer = false;
      const { calls } = renderOrdersPage(<UserOrdersPage />, {
        route: ROUTE,
        api: (procedure) => {
          if (procedure === 'order.paymentOptions') return { data: MPESA_ON };
          if (procedure === 'order.payDeposit') return { data: pending };
          if (procedure === 'order.mpesaPayment') {
            settledOnServer = true;
            return { data: { ...pending, state: 'paid', receipt: 'QKL3ABC1XY', resultCode: 0, message: 'Paid. Thank you: your M-Pesa payment is received.' } };
          }
          return { data: [settledOnServer ? afterPayment : unpaid] };
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Pay deposit of order 1 by M-Pesa' }));

      const dialog = within(await screen.findByRole('dialog', { name: 'Pay deposit by M-Pesa' }));
      expect(dialog.getByText('Deposit by M-Pesa now').nextSibling).toHaveTextContent('KES 50,000');
      expect(dialog.getByText('Balance due at the showroom').nextSibling).toHaveTextContent('KES 6,450,000');
      expect(await dialog.findByRole('textbox', { name: 'M-Pesa number' })).toHaveValue('0712 345 678');
      fireEvent.click(dialog.getByRole('button', { name: 'Pay deposit by M-Pesa' }));

      expect(await dialog.findByText(MPESA_WAITING_MESSAGE)).toBeInTheDocument();
      expect(callsOf(calls, 'order.payDeposit').map((call) => call.input)).toEqual([{ orderId: unpaid.id, phone: '0712 345 678' }]);

      const receipt = within(await dialog.findByRole('group', { name: 'Deposit paid' }, { timeout: 5_000 }));
      expect(receipt.getByText('KES 50,000 · M-Pesa receipt QKL3ABC1XY')).toBeInTheDocument();
      expect(receipt.getByText('Your car is reserved until 7 Dec 2026, 13:01')).toBeInTheDocument();

      fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
      // The list shows the paid deposit, and no button to pay it again.
      await waitFor(() => expect(screen.getByLabelText('Deposit and balance')).toHaveTextContent('M-Pesa receipt QKL3ABC1XY'));
      expect(screen.queryByRole('button', { name: /^Pay deposit/ })).not.toBeInTheDocument();
    });
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
