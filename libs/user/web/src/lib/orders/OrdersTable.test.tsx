import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
import { makeOrder } from '../../testing/fixtures';
import { OrdersTable } from './OrdersTable';

const now = new Date('2025-06-15T12:00:00Z');

describe('OrdersTable', () => {
  it('shows per order its index, read-only status, buyer, relative date and payment, then its cars', () => {
    renderWithProviders(
      <OrdersTable
        now={now}
        orders={[
          makeOrder(),
          makeOrder({
            id: 'order-2',
            status: 'Not Process',
            payment: { success: false, provider: 'braintree' },
            createdAt: '2025-06-15T07:00:00.000Z',
            lines: [
              { id: 'line-2', carId: null, slug: 'mazda-cx-5', name: 'Mazda CX-5', price: 3_200_000, imageUrl: null },
              {
                id: 'line-3',
                carId: 'car-3',
                slug: 'subaru-forester',
                name: 'Subaru Forester',
                price: 2_950_000,
                imageUrl: '/f.webp',
              },
            ],
          }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('article');

    const firstRow = within(first).getAllByRole('row')[1];
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Processing', 'Juma', '3 days ago', 'Success']);
    expect(within(first).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Toyota Prado' })).toHaveAttribute('href', '/car/toyota-prado');
    expect(within(first).getByRole('img', { name: 'Toyota Prado' })).toHaveAttribute('src', '/media/cars/prado.webp');
    expect(within(first).getByText('KES 6,500,000')).toBeInTheDocument();

    const secondRow = within(second).getAllByRole('row')[1];
    expect(
      within(secondRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'Not Process', 'Juma', '5 hours ago', 'Failed']);
    expect(within(second).getAllByRole('listitem')).toHaveLength(2);
    expect(within(second).getByRole('link', { name: 'Subaru Forester' })).toHaveAttribute(
      'href',
      '/car/subaru-forester',
    );
    // No rupee sign or 'Lakhs' from the legacy table.
    expect(document.body.textContent).not.toMatch(/₹|Lakhs/);
  });

  it('lets the admin screen render its own status control', () => {
    renderWithProviders(
      <OrdersTable
        now={now}
        orders={[makeOrder()]}
        renderStatus={(order) => <button type="button">{`Change ${order.status}`}</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Change Processing' })).toBeInTheDocument();
  });
});
