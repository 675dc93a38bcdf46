import { renderWithProviders } from '@dealership/web-ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { SiteLayout } from './SiteLayout';

const juma = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Juma', email: 'juma@mail.co.ke', phone: '0712', address: 'Bamburi', role: 0 };
const amina = { ...juma, id: '00000000-0000-4000-8000-0000000000bb', name: 'Amina', role: 1 };

/** Minimal stored favourites: the list only needs these fields. */
function savedCar(n: number) {
  return { id: `car-${n}`, name: `Car ${n}`, slug: `car-${n}`, price: 1_000_000, images: [], brand: null };
}

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

function renderLayout(queryClient = new QueryClient()) {
  return renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <SiteLayout dealerPhone="+254 733 000 111" />
    </QueryClientProvider>,
  );
}

describe('SiteLayout', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the number of saved cars on the wishlist badge and follows changes', () => {
    window.localStorage.setItem('cart', JSON.stringify([savedCar(1), savedCar(2)]));
    renderLayout();
    expect(mainNav().getByRole('link', { name: 'Wishlist 2 saved cars' })).toBeInTheDocument();

    act(() => {
      window.localStorage.setItem('cart', JSON.stringify([savedCar(1), savedCar(2), savedCar(3)]));
      // Another tab changed the list.
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', storageArea: window.localStorage }));
    });
    expect(mainNav().getByRole('link', { name: 'Wishlist 3 saved cars' })).toBeInTheDocument();
  });

  it('counts favourites saved in the legacy shape', () => {
    const legacy = { _id: 'car-9', name: 'Old', slug: 'old', price: 1, documents: [{ url: '/a.webp', public_id: 'a' }] };
    window.localStorage.setItem('cart', JSON.stringify([legacy, { junk: true }]));
    renderLayout();
    expect(mainNav().getByRole('link', { name: 'Wishlist 1 saved cars' })).toBeInTheDocument();
  });

  it('offers Login and Register to a guest, and ignores a malformed stored session', () => {
    window.localStorage.setItem('auth', '{"user":{},"token":""}');
    renderLayout();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('offers the admin dashboard to an admin and the user dashboard to others', () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: amina, token: 't0k3n' }));
    const { unmount } = renderLayout();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/admin');
    unmount();

    // A session stored before the contract rename (`_id`) still signs the visitor in.
    const { id, ...rest } = juma;
    window.localStorage.setItem('auth', JSON.stringify({ user: { _id: id, ...rest }, token: 't0k3n' }));
    renderLayout();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/user');
  });

  it('logs out: the stored session and every cached query go, Login comes back', async () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: juma, token: 't0k3n' }));
    const queryClient = new QueryClient();
    queryClient.setQueryData([['order', 'mine'], { type: 'query' }], [{ id: 'order-1' }]);
    renderLayout(queryClient);

    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    expect(window.localStorage.getItem('auth')).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(await screen.findByText('Logged Out Successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
