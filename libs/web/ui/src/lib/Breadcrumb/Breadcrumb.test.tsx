import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { Breadcrumb } from './Breadcrumb';

describe('Breadcrumb', () => {
  it('links every step but the current page', () => {
    renderWithProviders(<Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Cars', to: '/cars' }, { label: 'Prado' }]} />);
    const nav = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(nav.getAllByRole('listitem')).toHaveLength(3);
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Cars' })).toHaveAttribute('href', '/cars');
    expect(nav.queryByRole('link', { name: 'Prado' })).not.toBeInTheDocument();
    expect(nav.getByText('Prado')).toHaveAttribute('aria-current', 'page');
  });
});
