import { act, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { Header, type HeaderProps } from './Header';

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

const guest: HeaderProps = { savedCount: 0, dashboardPath: null, onLogout: () => undefined };

describe('Header', () => {
  it('links to the main pages', () => {
    renderWithProviders(<Header {...guest} />);
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(nav.getByRole('link', { name: 'Our Cars' })).toHaveAttribute('href', '/cars');
    expect(nav.getByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/brands');
    expect(nav.getByRole('link', { name: /Wishlist/ })).toHaveAttribute('href', '/cart');
  });

  it('shows the number of saved cars on the wishlist badge', () => {
    renderWithProviders(<Header {...guest} savedCount={2} />);
    expect(mainNav().getByRole('link', { name: 'Wishlist 2 saved cars' })).toBeInTheDocument();
  });

  it('offers Login and Register when logged out', () => {
    renderWithProviders(<Header {...guest} />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('offers the dashboard and Logout to a signed-in visitor', () => {
    renderWithProviders(<Header {...guest} dashboardPath="/dashboard/admin" />);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/admin');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('ends the session through its owner and confirms with a toast', async () => {
    const onLogout = jest.fn();
    renderWithProviders(<Header {...guest} dashboardPath="/dashboard/user" onLogout={onLogout} />);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/user');

    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Logged Out Successfully')).toBeInTheDocument();
  });

  it('takes the scrolled style from 90 px of scroll', () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<Header {...guest} />);
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
    renderWithProviders(<Header {...guest} />);
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
  });
});
