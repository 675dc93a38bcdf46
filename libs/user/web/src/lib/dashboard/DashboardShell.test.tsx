import { renderWithProviders } from '@dealership/web-ui/testing';
import { act, screen, within } from '@testing-library/react';
import { DashboardShell } from './DashboardShell';

const MENU = [
  { to: '/dashboard/user', label: 'Dashboard' },
  { to: '/dashboard/user/order', label: 'My Orders' },
  { to: '/dashboard/user/profile', label: 'Update Profile' },
];

describe('DashboardShell', () => {
  it('shows the side menu, marking the current screen', () => {
    renderWithProviders(<DashboardShell heading="My Account" menu={MENU} />, { route: '/dashboard/user/order' });
    const nav = within(screen.getByRole('navigation', { name: 'My Account' }));
    expect(nav.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(MENU.map((item) => item.to));
    expect(nav.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    // `end` matching: the area's home is not also marked current on a nested screen.
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('marks the item a nested screen lies under (an import under Imports), not the home', () => {
    renderWithProviders(<DashboardShell heading="My Account" menu={MENU} />, { route: '/dashboard/user/order/IMP-00001' });
    const nav = within(screen.getByRole('navigation', { name: 'My Account' }));
    expect(nav.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'location');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('folds the menu into a drawer on small screens, opened by a burger and closed by navigation', () => {
    renderWithProviders(<DashboardShell heading="My Account" menu={MENU} />, { route: '/dashboard/user' });
    const burger = screen.getByRole('button', { name: 'Open My Account menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => burger.click());
    const drawer = within(screen.getByRole('dialog', { name: 'My Account' }));
    expect(screen.getByRole('button', { name: 'Close My Account menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(drawer.getByRole('navigation', { name: 'My Account' })).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    act(() => drawer.getByRole('link', { name: 'Update Profile' }).click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open My Account menu' })).toHaveAttribute('aria-expanded', 'false');
    // The bar names the screen now shown.
    expect(screen.getByText('Update Profile', { selector: 'p' })).toBeInTheDocument();
  });
});
