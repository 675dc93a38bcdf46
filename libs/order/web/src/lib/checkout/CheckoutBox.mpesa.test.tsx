import type { MpesaPayment, Order, OrderQuote } from '@dealership/order-schemas';
import { callsOf, type FakeAnswer } from '@dealership/web-trpc-client/testing';
import { makeCar } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeMpesaPayment, makeOrder } from '../../testing';
import { MPESA_WAITING_MESSAGE } from '../mpesa/use-mpesa-deposit';
import { CheckoutBox } from './CheckoutBox';
import { renderCheckout, signIn } from './checkout-testing';

const car = makeCar({ name: 'Toyota Harrier', slug: 'harrier', price: 3_950_000 });
const quote: OrderQuote = {
  lines: [{ carId: car.id, name: car.name, slug: car.slug, price: car.price, imageUrl: null, status: 'Available' }],
  total: car.price,
  cardPayments: false,
  mpesaPayments: true,
  deposit: 50_000,
};
const reservation: Order = makeOrder({
  id: '9a8b7c6d-0d4e-4a5b-8c6d-7e8f9a0b1c2d',
  status: 'Not Process',
  amount: car.price,
  lines: [{ id: car.id, carId: car.id, slug: car.slug, name: car.name, price: car.price, imageUrl: null }],
  deposit: { amount: 50_000, paidAt: null, receipt: null },
  balance: car.price,
  holdExpiresAt: '2026-11-25T07:00:00.000Z',
});
const pending = makeMpesaPayment({ id: '5b6c7d8e-0000-4000-9000-00000000000a', orderId: reservation.id });
const paidOrder: Order = {
  ...reservation,
  deposit: { amount: 50_000, paidAt: '2026-11-23T10:01:00.000Z', receipt: 'QKL3ABC1XY' },
  balance: car.price - 50_000,
  holdExpiresAt: '2026-12-07T10:01:00.000Z',
};

/** The API of a buyer paying by M-Pesa: `mpesaPayment` answers with `states` in turn (the last one repeats). */
function mpesaApi(states: MpesaPayment[], payDeposit: () => FakeAnswer = () => ({ data: pending })) {
  let poll = 0;
  return (procedure: string): FakeAnswer => {
    if (procedure === 'order.quote') return { data: quote };
    if (procedure === 'order.place') return { data: reservation };
    if (procedure === 'order.payDeposit') return payDeposit();
    if (procedure === 'order.mpesaPayment') return { data: states[Math.min(poll++, states.length - 1)] };
    if (procedure === 'order.mine') return { data: [paidOrder] };
    return { data: null };
  };
}

async function chooseMpesa() {
  const button = await screen.findByRole('button', { name: 'Pay deposit by M-Pesa' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  return within(await screen.findByRole('region', { name: 'M-Pesa deposit' }));
}

const POLLED = { timeout: 5_000 };

describe('CheckoutBox M-Pesa deposit', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('cart', JSON.stringify([car]));
  });

  it('shows the deposit and the balance, with the profile number ready, and checks the number on the page', async () => {
    signIn({ phone: '0712 345 678' });
    const { calls } = renderCheckout(<CheckoutBox carIds={[car.id]} />, { api: mpesaApi([pending]) });
    const step = await chooseMpesa();
    expect(step.getByText('Deposit by M-Pesa now').nextSibling).toHaveTextContent('KES 50,000');
    expect(step.getByText('Balance due at the showroom').nextSibling).toHaveTextContent('KES 3,900,000');
    const phone = await step.findByRole('textbox', { name: 'M-Pesa number' });
    expect(phone).toHaveValue('0712 345 678');

    fireEvent.change(phone, { target: { value: '0202 123 456' } });
    fireEvent.click(step.getByRole('button', { name: 'Pay deposit by M-Pesa' }));
    expect(await step.findByText('Enter the Safaricom number that pays, e.g. 0712 345 678')).toBeInTheDocument();
    expect(callsOf(calls, 'order.place')).toHaveLength(0);
  });

  it('leaves a landline out of the number field', async () => {
    signIn({ phone: '041 222 3333' });
    renderCheckout(<CheckoutBox carIds={[car.id]} />, { api: mpesaApi([pending]) });
    const step = await chooseMpesa();
    expect(await step.findByRole('textbox', { name: 'M-Pesa number' })).toHaveValue('');
  });

  it('places a reservation, asks M-Pesa for the deposit, waits for the PIN, then confirms with the receipt and the hold', async () => {
    signIn({ phone: '0712345678' });
    const { calls } = renderCheckout(<CheckoutBox carIds={[car.id]} />, {
      api: mpesaApi([
        pending,
        makeMpesaPayment({ ...pending, state: 'paid', receipt: 'QKL3ABC1XY', resultCode: 0, message: 'Paid. Thank you: your M-Pesa payment is received.' }),
      ]),
    });
    const step = await chooseMpesa();
    fireEvent.click(await step.findByRole('button', { name: 'Pay deposit by M-Pesa' }));

    const waiting = await screen.findByText(MPESA_WAITING_MESSAGE);
    expect(waiting.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(callsOf(calls, 'order.place')[0].input).toEqual({ carIds: [car.id], payment: { method: 'reservation' }, idempotencyKey: expect.any(String) });
    expect(callsOf(calls, 'order.payDeposit')[0].input).toEqual({ orderId: reservation.id, phone: '0712345678' });
    // The reserved car leaves the favourites at once.
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toEqual([]);

    const confirmation = within(await screen.findByRole('region', { name: 'Cars reserved' }, POLLED));
    expect(callsOf(calls, 'order.mpesaPayment')[0].input).toEqual({ paymentId: pending.id });
    const deposit = within(confirmation.getByRole('group', { name: 'Deposit paid' }));
    expect(deposit.getByText('KES 50,000 · M-Pesa receipt QKL3ABC1XY')).toBeInTheDocument();
    expect(deposit.getByText(/^Your car is reserved until 7 Dec 2026, 13:01$/)).toBeInTheDocument();
    expect(confirmation.getByText('9A8B7C6D')).toBeInTheDocument();
    expect(confirmation.getByText('KES 3,900,000')).toBeInTheDocument();
    expect(confirmation.getByText('Pay the balance at our Mombasa showroom before the reservation ends.')).toBeInTheDocument();
    expect(callsOf(calls, 'order.place')).toHaveLength(1);
  });

  it('shows why nothing was paid, and Try again asks again for the same order without placing another', async () => {
    signIn({ phone: '0712345678' });
    const failed = makeMpesaPayment({
      ...pending,
      state: 'failed',
      resultCode: 1032,
      message: 'You cancelled the M-Pesa request on your phone. Nothing was paid; you can try again.',
    });
    const { calls } = renderCheckout(<CheckoutBox carIds={[car.id]} />, { api: mpesaApi([failed]) });
    const step = await chooseMpesa();
    fireEvent.click(await step.findByRole('button', { name: 'Pay deposit by M-Pesa' }));

    const alert = await screen.findByRole('alert', {}, POLLED);
    expect(alert).toHaveTextContent('You cancelled the M-Pesa request on your phone. Nothing was paid; you can try again.');
    expect(screen.getByText(/^Your reservation still holds the car until 25 Nov 2026, 10:00\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/user/order');

    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsOf(calls, 'order.payDeposit')).toHaveLength(2));
    expect(callsOf(calls, 'order.payDeposit')[1].input).toEqual({ orderId: reservation.id, phone: '0712345678' });
    expect(callsOf(calls, 'order.place')).toHaveLength(1);
  });

  it("shows the server's refusal when M-Pesa does not answer, the reservation kept", async () => {
    signIn({ phone: '0712345678' });
    const message = 'M-Pesa is not answering right now; nothing was requested from your phone. Please try again in a minute';
    renderCheckout(<CheckoutBox carIds={[car.id]} />, { api: mpesaApi([pending], () => ({ error: { httpStatus: 503, message } })) });
    const step = await chooseMpesa();
    fireEvent.click(await step.findByRole('button', { name: 'Pay deposit by M-Pesa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers no M-Pesa deposit when M-Pesa is not configured', async () => {
    signIn();
    renderCheckout(<CheckoutBox carIds={[car.id]} />, { api: () => ({ data: { ...quote, mpesaPayments: false } }) });
    const reserve = await screen.findByRole('button', { name: 'Reserve — pay at the showroom' });
    await waitFor(() => expect(reserve).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Pay deposit by M-Pesa' })).not.toBeInTheDocument();
  });
});
