import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
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
});
