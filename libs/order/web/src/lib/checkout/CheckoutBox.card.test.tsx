import type { OrderQuote } from '@dealership/order-schemas';
import { makeCar } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CheckoutBox } from './CheckoutBox';
import { callsOf, type FakeApi } from '@dealership/web-trpc-client/testing';
import { renderCheckout, signIn } from './checkout-testing';

// The Drop-in module boundary: the real one bundles Braintree's SDK, which needs its servers (the
// browser flow is tested against them separately). Counting the factory's runs shows when the
// module is first imported.
const mockForm = { requestNonce: jest.fn(), clear: jest.fn(), teardown: jest.fn(async () => undefined) };
const mockMountCardForm = jest.fn(async (_container: HTMLElement, _clientToken: string) => mockForm);
let mockDropInImports = 0;
jest.mock('./drop-in', () => {
  mockDropInImports += 1;
  return { mountCardForm: (container: HTMLElement, clientToken: string) => mockMountCardForm(container, clientToken) };
});

const car = makeCar({ name: 'Toyota Harrier', slug: 'harrier', price: 3_950_000 });
const quote: OrderQuote = {
  lines: [{ carId: car.id, name: car.name, slug: car.slug, price: car.price, imageUrl: null, status: 'Available' }],
  total: car.price,
  cardPayments: true,
  mpesaPayments: false,
  deposit: 0,
};
const paidOrder = {
  id: '9a8b7c6d-0d4e-4a5b-8c6d-7e8f9a0b1c2d',
  status: 'Not Process',
  buyer: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Amina', emailVerified: false },
  contact: { name: 'Amina', phone: '0712345678', address: 'Nyali, Mombasa' },
  createdAt: '2026-11-23T10:00:00.000Z',
  amount: car.price,
  payment: { success: true, method: 'card', provider: 'braintree', transactionId: 'txn-1', status: 'submitted_for_settlement' },
  lines: [{ id: car.id, carId: car.id, slug: car.slug, name: car.name, price: car.price, imageUrl: null }],
  deposit: null,
  balance: 0,
  holdExpiresAt: null,
  mpesaPayments: [],
};

function renderBox(place: FakeApi) {
  return renderCheckout(<CheckoutBox carIds={[car.id]} />, {
    api: (procedure, input) => {
      if (procedure === 'order.quote') return { data: quote };
      if (procedure === 'order.clientToken') return { data: { clientToken: 'client-token-1' } };
      return place(procedure, input);
    },
  });
}

async function chooseCard() {
  const button = await screen.findByRole('button', { name: 'Pay by card' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

describe('CheckoutBox card payment', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('cart', JSON.stringify([car]));
    signIn();
    mockForm.requestNonce.mockReset();
    mockForm.clear.mockReset();
    mockMountCardForm.mockClear();
  });

  it('imports the Drop-in only when the buyer chooses to pay by card, then mounts it with a fresh client token', async () => {
    const { calls } = renderBox(() => ({ data: paidOrder }));
    await screen.findByRole('button', { name: 'Pay by card' });
    expect(mockDropInImports).toBe(0);
    expect(callsOf(calls, 'order.clientToken')).toHaveLength(0);

    await chooseCard();
    await waitFor(() => expect(mockMountCardForm).toHaveBeenCalledTimes(1));
    expect(mockDropInImports).toBe(1);
    expect(mockMountCardForm.mock.calls[0][1]).toBe('client-token-1');
    expect(callsOf(calls, 'order.clientToken')).toHaveLength(1);
  });

  it('pays with the nonce and confirms a paid order', async () => {
    mockForm.requestNonce.mockResolvedValue('fake-valid-nonce');
    const { calls } = renderBox(() => ({ data: paidOrder }));
    await chooseCard();
    const pay = await screen.findByRole('button', { name: 'Pay KES 3,950,000' });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);

    const confirmation = within(await screen.findByRole('region', { name: 'Payment received' }));
    expect(callsOf(calls, 'order.place')[0].input).toEqual({
      carIds: [car.id],
      payment: { method: 'card', nonce: 'fake-valid-nonce' },
      idempotencyKey: expect.any(String),
    });
    expect(confirmation.getByText('9A8B7C6D')).toBeInTheDocument();
    expect(confirmation.getByText('Our sales team will call you to arrange delivery.')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toEqual([]);
  });

  it("shows the processor's message on a decline and stays on the card form, cleared for another card", async () => {
    mockForm.requestNonce.mockResolvedValue('fake-processor-declined-visa-nonce');
    renderBox(() => ({ error: { httpStatus: 402, message: 'Do Not Honor' } }));
    await chooseCard();
    const pay = await screen.findByRole('button', { name: 'Pay KES 3,950,000' });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);

    expect(await screen.findByText('Do Not Honor')).toBeInTheDocument();
    await waitFor(() => expect(mockForm.clear).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('region', { name: 'Card payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay KES 3,950,000' })).toBeEnabled();
  });

  it('places nothing while the card fields are incomplete (the Drop-in shows why)', async () => {
    mockForm.requestNonce.mockRejectedValue(new Error('No payment method is available.'));
    const { calls } = renderBox(() => ({ data: paidOrder }));
    await chooseCard();
    const pay = await screen.findByRole('button', { name: 'Pay KES 3,950,000' });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    await waitFor(() => expect(mockForm.requestNonce).toHaveBeenCalled());
    await waitFor(() => expect(pay).toBeEnabled());
    expect(callsOf(calls, 'order.place')).toHaveLength(0);
  });

  it('offers no card payment when the server has none configured', async () => {
    renderCheckout(<CheckoutBox carIds={[car.id]} />, { api: () => ({ data: { ...quote, cardPayments: false } }) });
    const reserve = await screen.findByRole('button', { name: 'Reserve — pay at the showroom' });
    await waitFor(() => expect(reserve).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();
  });
});
