import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { makeCar, renderWithProviders } from '../../testing';
import { Header } from './Header';

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('Header', () => {
  beforeEach(() => window.localStorage.clear());

  it('links to the main pages', () => {
    renderWithProviders(<Header />);
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(nav.getByRole('link', { name: 'Our Cars' })).toHaveAttribute('href', '/cars');
    expect(nav.getByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/brands');
    expect(nav.getByRole('link', { name: /Wishlist/ })).toHaveAttribute('href', '/cart');
  });

  it('shows the number of saved cars on the wishlist badge and follows changes', () => {
    window.localStorage.setItem('cart', JSON.stringify([makeCar(), makeCar()]));
    renderWithProviders(<Header />);
    expect(mainNav().getByRole('link', { name: 'Wishlist 2 saved cars' })).toBeInTheDocument();

    act(() => {
      window.localStorage.setItem('cart', JSON.stringify([makeCar(), makeCar(), makeCar()]));
      // Another tab changed the list.
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', storageArea: window.localStorage }));
    });
    expect(mainNav().getByRole('link', { name: 'Wishlist 3 saved cars' })).toBeInTheDocument();
  });

  it('offers Login and Register when logged out', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('offers the admin dashboard and Logout to an admin', () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: { name: 'Amina', role: 1 }, token: 't0k3n' }));
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/admin');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('sends other users to the user dashboard, and logs out', async () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: { name: 'Juma', role: 0 }, token: 't0k3n' }));
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/user');

    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    expect(window.localStorage.getItem('auth')).toBeNull();
    expect(await screen.findByText('Logged Out Successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('drops every cached query on logout, so no signed-in data outlives the session', () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: { name: 'Juma', role: 0 }, token: 't0k3n' }));
    const queryClient = new QueryClient();
    queryClient.setQueryData([['order', 'mine'], { type: 'query' }], [{ _id: 'order-1' }]);
    renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <Header />
      </QueryClientProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(window.localStorage.getItem('auth')).toBeNull();
  });

  it('ignores a malformed stored session', () => {
    window.localStorage.setItem('auth', '{"user":{},"token":""}');
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('takes the scrolled style from 90 px of scroll', () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<Header />);
      const header = screen.getByRole('banner');
      expect(header).not.toHaveAttribute('data-scrolled');

      act(() => {
        Object.defineProperty(window, 'scrollY', { value: 89, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
      expect(header).not.toHaveAttribute('data-scrolled');

      act(() => {
        jest.advanceTimersByTime(100);
        Object.defineProperty(window, 'scrollY', { value: 90, configurable: true });
        window.dispatchEvent(new Event('scroll'));
        jest.advanceTimersByTime(100);
      });
      expect(header).toHaveAttribute('data-scrolled');
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      jest.useRealTimers();
    }
  });

  it('has a mobile menu toggle', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
  });
});
