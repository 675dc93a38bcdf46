import { makeCar, renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { CartPage, favouritesSummary } from './Cart.page';

function store(cars: ReturnType<typeof makeCar>[]) {
  window.localStorage.setItem('cart', JSON.stringify(cars));
}

describe('CartPage', () => {
  beforeEach(() => window.localStorage.clear());

  it("greets a guest and says the list is empty (with the spec's leading space)", () => {
    renderWithProviders(<CartPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Guest' })).toBeInTheDocument();
    expect(favouritesSummary(0)).toBe(' Your Favourites Is Empty');
    expect(screen.getByText('Your Favourites Is Empty')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Give us a Call Today' })).toBeInTheDocument();
    expect(screen.getByText('KES 0')).toBeInTheDocument();
  });

  it('greets a signed-in user by name', () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Amina', email: 'amina@mail.co.ke', phone: '0712', address: 'Nyali', role: 0 }, token: 't0k3n' }));
    renderWithProviders(<CartPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Amina' })).toBeInTheDocument();
  });

  it('lists each saved car with image, brand, name and price, the count and the KES total', () => {
    store([
      makeCar({ name: 'Toyota Harrier', slug: 'harrier', price: 3_950_000 }),
      makeCar({ name: 'Mazda Demio', slug: 'demio', price: 480_000, brand: null }),
    ]);
    renderWithProviders(<CartPage />);
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
    renderWithProviders(<CartPage />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove Honda Fit' })[0]);
    expect(await screen.findByText('Item Removed Successfully')).toBeInTheDocument();
    expect(screen.getByText('You Have 1 items in your Favourites.')).toBeInTheDocument();
    const callBox = within(screen.getByRole('complementary', { name: 'Give us a Call Today' }));
    expect(callBox.getByText('KES 500,000')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
  });
});
