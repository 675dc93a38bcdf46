import type { Order, OrderQuote } from '@dealership/order-schemas';
import { makeCar } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsOf, type FakeAnswer } from '@dealership/web-trpc-client/testing';
import { renderCheckout, signIn } from '../checkout/checkout-testing';
import { CartPage, favouritesSummary } from './Cart.page';

type TestCar = ReturnType<typeof makeCar>;

function store(cars: TestCar[]) {
  window.localStorage.setItem('cart', JSON.stringify(cars));
}

const storedCart = (): TestCar[] => JSON.parse(window.localStorage.getItem('cart') ?? '[]');

/** The server's quote of these cars: current prices (which may differ from the saved copies) and statuses. */
function quoteOf(lines: { car: TestCar; price?: number; status?: 'Available' | 'Reserved' | 'Sold' }[], cardPayments = false): OrderQuote {
  const quoted = lines.map(({ car, price = car.price, status = 'Available' }) => ({
    carId: car.id,
    name: car.name,
    slug: car.slug,
    price,
    imageUrl: car.images[0]?.url ?? null,
    status,
  }));
  const total = quoted.filter((l) => l.status === 'Available').reduce((sum, l) => sum + l.price, 0);
  return { lines: quoted, total, cardPayments, mpesaPayments: false, deposit: 0 };
}

function orderOf(cars: TestCar[], overrides: Partial<Order> = {}): Order {
  return {
    id: '3f2a9c1b-0d4e-4a5b-8c6d-7e8f9a0b1c2d',
    status: 'Not Process',
    buyer: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Amina', emailVerified: false },
    contact: { name: 'Amina', phone: '0712345678', address: 'Nyali, Mombasa' },
    createdAt: '2026-11-23T10:00:00.000Z',
    amount: cars.reduce((sum, car) => sum + car.price, 0),
    payment: { success: false, method: 'reservation', provider: 'reservation' },
    lines: cars.map((car) => ({ id: car.id, carId: car.id, slug: car.slug, name: car.name, price: car.price, imageUrl: null })),
    deposit: null,
    balance: cars.reduce((sum, car) => sum + car.price, 0),
    holdExpiresAt: '2026-11-25T10:00:00.000Z',
    mpesaPayments: [],
    tradeInCredit: null,
    ...overrides,
  };
}

const checkout = () => within(screen.getByRole('region', { name: 'Reserve or buy' }));

/** The reserve button once the quote is in (it waits, disabled, until then). */
async function reserveButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Reserve — pay at the showroom' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('CartPage', () => {
  beforeEach(() => window.localStorage.clear());

  it("greets a guest and says the list is empty (with the spec's leading space)", () => {
    renderCheckout(<CartPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Guest' })).toBeInTheDocument();
    expect(favouritesSummary(0)).toBe(' Your Favourites Is Empty');
    expect(screen.getByText('Your Favourites Is Empty')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Give us a Call Today' })).toBeInTheDocument();
    expect(screen.getByText('KES 0')).toBeInTheDocument();
    // Nothing to check out.
    expect(screen.queryByRole('region', { name: 'Reserve or buy' })).not.toBeInTheDocument();
  });

  it('greets a signed-in user by name', () => {
    signIn({ name: 'Amina' });
    renderCheckout(<CartPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Amina' })).toBeInTheDocument();
  });

  it('lists each saved car with image, brand, name and price, the count and the KES total', () => {
    const harrier = makeCar({ name: 'Toyota Harrier', slug: 'harrier', price: 3_950_000 });
    const demio = makeCar({ name: 'Mazda Demio', slug: 'demio', price: 480_000, brand: null });
    store([harrier, demio]);
    renderCheckout(<CartPage />, { api: () => ({ data: quoteOf([{ car: harrier }, { car: demio }]) }) });
    expect(screen.getByText('You Have 2 items in your Favourites.')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Saved cars' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Toyota Harrier' })).toHaveAttribute('href', '/car/harrier');
    expect(within(items[0]).getByText('Toyota')).toBeInTheDocument();
    expect(within(items[0]).getByText('KES 3,950,000')).toBeInTheDocument();
    expect(items[0].querySelector('img')?.getAttribute('src')).toBe('/media/cars/prado.w320.webp');
    const callBox = within(screen.getByRole('complementary', { name: 'Give us a Call Today' }));
    expect(callBox.getByRole('link', { name: '+254 711 222 333' })).toHaveAttribute('href', 'tel:+254711222333');
    expect(callBox.getByText('KES 4,430,000')).toBeInTheDocument();
  });

  it('removes an item with a toast and updates the total', async () => {
    const car = makeCar({ name: 'Honda Fit', price: 500_000 });
    store([car, car]);
    renderCheckout(<CartPage />, { api: () => ({ data: quoteOf([{ car }]) }) });
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove Honda Fit' })[0]);
    expect(await screen.findByText('Item Removed Successfully')).toBeInTheDocument();
    expect(screen.getByText('You Have 1 items in your Favourites.')).toBeInTheDocument();
    const callBox = within(screen.getByRole('complementary', { name: 'Give us a Call Today' }));
    expect(callBox.getByText('KES 500,000')).toBeInTheDocument();
    expect(storedCart()).toHaveLength(1);
  });

  describe('checkout', () => {
    const harrier = makeCar({ name: 'Toyota Harrier', slug: 'harrier', price: 3_950_000 });
    const demio = makeCar({ name: 'Mazda Demio', slug: 'demio', price: 480_000 });
    const vitz = makeCar({ name: 'Toyota Vitz', slug: 'vitz', price: 650_000 });

    it('shows a guest the server total and "Login to reserve", which returns to /cart', async () => {
      store([harrier, demio]);
      const { calls } = renderCheckout(<CartPage />, { api: () => ({ data: quoteOf([{ car: harrier }, { car: demio, status: 'Sold' }]) }) });
      expect(within(await checkout().findByRole('group', { name: 'Order total' })).getByText('KES 3,950,000')).toBeInTheDocument();
      expect(checkout().getByRole('link', { name: 'Login to reserve' })).toHaveAttribute('href', '/login?redirect=%2Fcart');
      expect(checkout().getByRole('link', { name: 'New here? Register' })).toHaveAttribute('href', '/register?redirect=%2Fcart');
      expect(checkout().queryByRole('button', { name: /Reserve/ })).not.toBeInTheDocument();
      expect(callsOf(calls, 'order.place')).toHaveLength(0);
    });

    it("totals the server's prices of the available cars, and marks and leaves out a Reserved one", async () => {
      signIn({ name: 'Amina', phone: '0712345678', address: 'Nyali, Mombasa' });
      // The saved copies are days old: the Harrier's price changed since and the Demio is taken.
      store([harrier, demio, harrier]);
      const { calls } = renderCheckout(<CartPage />, {
        api: () => ({
          data: quoteOf([
            { car: harrier, price: 3_800_000 },
            { car: demio, status: 'Reserved' },
          ]),
        }),
      });
      const lines = within(await checkout().findByRole('list', { name: 'Cars in this order' })).getAllByRole('listitem');
      expect(lines).toHaveLength(2);
      expect(within(lines[0]).getByText('KES 3,800,000')).toBeInTheDocument();
      expect(within(lines[1]).getByText('Reserved')).toBeInTheDocument();
      expect(within(lines[1]).getByText('left out')).toBeInTheDocument();
      expect(within(lines[1]).queryByText('KES 480,000')).not.toBeInTheDocument();
      expect(within(checkout().getByRole('group', { name: 'Order total' })).getByText('KES 3,800,000')).toBeInTheDocument();
      // Each car is asked about once.
      expect(callsOf(calls, 'order.quote')[0].input).toEqual({ carIds: [harrier.id, demio.id] });
      // The favourites list marks the taken car too.
      const saved = within(screen.getByRole('list', { name: 'Saved cars' })).getAllByRole('listitem');
      expect(within(saved[1]).getByText('Reserved')).toBeInTheDocument();
      expect(within(saved[0]).queryByText('Reserved')).not.toBeInTheDocument();
      // The buyer's contact from the session.
      expect(checkout().getByText('Amina')).toBeInTheDocument();
      expect(checkout().getByText('0712345678')).toBeInTheDocument();
      expect(checkout().getByText('Nyali, Mombasa')).toBeInTheDocument();
      // No card payments configured: reservation only.
      expect(checkout().getByRole('button', { name: 'Reserve — pay at the showroom' })).toBeEnabled();
      expect(checkout().queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();
    });

    it('reserves the available cars, confirms with the order number, and empties the favourites of them', async () => {
      signIn();
      store([harrier, demio, vitz, harrier]);
      let quoted = quoteOf([{ car: harrier }, { car: demio, status: 'Sold' }, { car: vitz }]);
      const { calls } = renderCheckout(<CartPage />, {
        api: (procedure) => {
          if (procedure === 'order.quote') return { data: quoted };
          if (procedure === 'order.place') {
            quoted = quoteOf([{ car: demio, status: 'Sold' }]);
            return { data: orderOf([harrier, vitz]) };
          }
          return { error: { httpStatus: 404 } };
        },
      });
      fireEvent.click(await reserveButton());

      const confirmation = within(await screen.findByRole('region', { name: 'Cars reserved' }));
      const [place] = callsOf(calls, 'order.place');
      expect(place.input).toEqual({ carIds: [harrier.id, vitz.id], payment: { method: 'reservation' }, idempotencyKey: expect.stringMatching(/^[\w-]{8,}$/) });
      expect(confirmation.getByText('3F2A9C1B')).toBeInTheDocument();
      expect(confirmation.getByText('KES 4,600,000')).toBeInTheDocument();
      expect(confirmation.getByText('Our sales team will call you within one working day to confirm.')).toBeInTheDocument();
      // The hold's end as the order says it (the rules in force), in Nairobi time.
      expect(confirmation.getByText('Pay the deposit or visit our Mombasa showroom before 25 Nov 2026, 13:00 to keep the reservation.')).toBeInTheDocument();
      expect(confirmation.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/dashboard/user/order');
      // Both saved copies of the Harrier and the Vitz are gone; the sold Demio stays.
      expect(storedCart().map((car) => car.id)).toEqual([demio.id]);
      expect(screen.getByText('You Have 1 items in your Favourites.')).toBeInTheDocument();
      // The quote of what is left is asked again.
      await waitFor(() => expect(callsOf(calls, 'order.quote').at(-1)?.input).toEqual({ carIds: [demio.id] }));
    });

    it('offers an accepted trade-in offer as "Trade-in credit" and places the order with it', async () => {
      signIn();
      store([harrier]);
      const credit = {
        id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f70',
        reference: 'OFR-00007',
        car: 'Toyota Axio 2012',
        amountKes: 600_000,
        validUntil: '2026-12-14',
      };
      const { calls } = renderCheckout(<CartPage />, {
        credits: [credit],
        api: (procedure) =>
          procedure === 'order.quote'
            ? { data: quoteOf([{ car: harrier }]) }
            : { data: orderOf([harrier], { tradeInCredit: { reference: 'OFR-00007', amountKes: 600_000 }, balance: 3_350_000 }) },
      });
      const credits = within(await checkout().findByRole('region', { name: 'Trade-in credit' }));
      fireEvent.click(credits.getByRole('checkbox', { name: 'KES 600,000 for your Toyota Axio 2012 (OFR-00007)' }));
      expect(within(credits.getByRole('group', { name: 'To pay' })).getByText('KES 3,350,000')).toBeInTheDocument();
      fireEvent.click(await reserveButton());
      await waitFor(() => expect(callsOf(calls, 'order.place')[0]?.input).toMatchObject({ carIds: [harrier.id], tradeInOfferId: credit.id }));
    });

    it("shows the server's message on a 409 and asks for the quote again, where the taken car is Reserved", async () => {
      signIn();
      store([harrier, vitz]);
      let quoted = quoteOf([{ car: harrier }, { car: vitz }]);
      const { calls } = renderCheckout(<CartPage />, {
        api: (procedure) => {
          if (procedure === 'order.quote') return { data: quoted };
          quoted = quoteOf([{ car: harrier }, { car: vitz, status: 'Reserved' }]);
          return { error: { httpStatus: 409, message: 'This car is no longer available: Toyota Vitz (Reserved)', field: 'carIds' } };
        },
      });
      fireEvent.click(await reserveButton());

      expect(await checkout().findByRole('alert')).toHaveTextContent('This car is no longer available: Toyota Vitz (Reserved)');
      const lines = await waitFor(() => {
        const items = within(checkout().getByRole('list', { name: 'Cars in this order' })).getAllByRole('listitem');
        expect(within(items[1]).getByText('Reserved')).toBeInTheDocument();
        return items;
      });
      expect(within(lines[0]).getByText('KES 3,950,000')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Cars reserved' })).not.toBeInTheDocument();
      // The next try is a new attempt of what is left, with a new key.
      fireEvent.click(await reserveButton());
      await waitFor(() => expect(callsOf(calls, 'order.place')).toHaveLength(2));
      const [first, second] = callsOf(calls, 'order.place').map((call) => call.input as { carIds: string[]; idempotencyKey: string });
      expect(second.carIds).toEqual([harrier.id]);
      expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    });

    it("says 'Server Error' when the server fails, and a retry of the same attempt reuses its key", async () => {
      signIn();
      store([harrier]);
      let failures = 0;
      const { calls } = renderCheckout(<CartPage />, {
        api: (procedure) => {
          if (procedure === 'order.quote') return { data: quoteOf([{ car: harrier }]) };
          failures += 1;
          if (failures === 1) return { error: { httpStatus: 502, message: 'The payment gateway did not answer' } };
          throw new TypeError('Failed to fetch');
        },
      });
      const reserve = await reserveButton();
      fireEvent.click(reserve);
      expect(await checkout().findByRole('alert')).toHaveTextContent('Server Error');
      await waitFor(() => expect(reserve).toBeEnabled());
      fireEvent.click(reserve);
      await waitFor(() => expect(callsOf(calls, 'order.place')).toHaveLength(2));
      expect(await checkout().findByRole('alert')).toHaveTextContent('Server Error');
      const keys = callsOf(calls, 'order.place').map((call) => (call.input as { idempotencyKey: string }).idempotencyKey);
      expect(keys[1]).toBe(keys[0]);
    });

    it('disables the buttons while the order is being placed', async () => {
      signIn();
      store([harrier]);
      let release: (answer: FakeAnswer) => void = () => undefined;
      renderCheckout(<CartPage />, {
        api: (procedure) =>
          procedure === 'order.quote'
            ? { data: quoteOf([{ car: harrier }], true) }
            : new Promise<FakeAnswer>((resolve) => {
                release = resolve;
              }),
      });
      fireEvent.click(await reserveButton());
      await waitFor(() => expect(checkout().getByRole('button', { name: 'Pay by card' })).toBeDisabled());
      expect(checkout().getByRole('button', { name: 'Reserve — pay at the showroom' })).toHaveAttribute('data-loading', 'true');
      release({ data: orderOf([harrier]) });
      expect(await screen.findByRole('region', { name: 'Cars reserved' })).toBeInTheDocument();
    });

    it('asks for an address before ordering, with a link to the profile', async () => {
      signIn({ address: '' });
      store([harrier]);
      renderCheckout(<CartPage />, { api: () => ({ data: quoteOf([{ car: harrier }]) }) });
      expect(await checkout().findByRole('link', { name: 'Add it to your profile' })).toHaveAttribute('href', '/dashboard/user/profile');
      expect(within(await checkout().findByRole('group', { name: 'Order total' })).getByText('KES 3,950,000')).toBeInTheDocument();
      expect(checkout().getByRole('button', { name: 'Reserve — pay at the showroom' })).toBeDisabled();
    });
  });
});
