import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
import { makeOrder } from '../../testing';
import { OrdersTable } from './OrdersTable';
import { orderNumber } from '../format/order-format';

const now = new Date('2025-06-15T12:00:00Z');

const cells = (article: HTMLElement) =>
  within(within(article).getAllByRole('row')[1])
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('OrdersTable', () => {
  it('shows per order its number, read-only status, buyer, relative date and payment, then its cars and total', () => {
    renderWithProviders(
      <OrdersTable
        now={now}
        orders={[
          makeOrder({ payment: { success: true, method: 'card', provider: 'braintree', transactionId: 'tx-1' } }),
          makeOrder({
            status: 'Not Process',
            payment: { success: false, method: 'card', provider: 'braintree' },
            createdAt: '2025-06-15T07:00:00.000Z',
            amount: 6_150_000,
            lines: [
              { id: 'line-2', carId: null, slug: 'mazda-cx-5', name: 'Mazda CX-5', price: 3_200_000, imageUrl: null },
              { id: 'line-3', carId: 'car-3', slug: 'subaru-forester', name: 'Subaru Forester', price: 2_950_000, imageUrl: '/f.webp' },
            ],
          }),
          makeOrder({ status: 'deliverd', buyer: null, contact: { name: null, phone: null, address: null } }),
        ]}
      />,
    );
    const [first, second, third] = screen.getAllByRole('article');

    expect(cells(first)).toEqual(['1', 'Processing', 'Juma', '3 days ago', 'Success']);
    expect(within(first).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Toyota Prado' })).toHaveAttribute('href', '/car/toyota-prado');
    expect(within(first).getByRole('img', { name: 'Toyota Prado' })).toHaveAttribute('src', '/media/cars/prado.webp');
    expect(within(first).getAllByText('KES 6,500,000')).toHaveLength(2);
    const time = first.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2025-06-12T12:00:00.000Z');
    expect(time?.getAttribute('title')).toMatch(/2025/);

    expect(cells(second)).toEqual(['2', 'Not Process', 'Juma', '5 hours ago', 'Failed']);
    expect(within(second).getAllByRole('listitem')).toHaveLength(2);
    expect(within(second).getByRole('link', { name: 'Subaru Forester' })).toHaveAttribute('href', '/car/subaru-forester');
    expect(within(second).getByText('KES 6,150,000')).toBeInTheDocument();

    expect(cells(third)).toEqual(['3', 'deliverd', 'Deleted account', '3 days ago', 'Reservation']);
    // No rupee sign or 'Lakhs' from the legacy table; no contact column unless asked.
    expect(document.body.textContent).not.toMatch(/₹|Lakhs/);
    expect(screen.queryByRole('columnheader', { name: 'Contact' })).not.toBeInTheDocument();
  });

  it("numbers from `firstNumber`, and shows the buyer's phone as call and WhatsApp links, and the address", () => {
    renderWithProviders(
      <OrdersTable now={now} firstNumber={11} showContact orders={[makeOrder(), makeOrder({ contact: { name: 'Amina', phone: null, address: null } })]} />,
    );
    const [first, second] = screen.getAllByRole('article');
    // Named by the order number buyers and staff quote; numbered in the list from `firstNumber`.
    expect(first).toHaveAccessibleName(`Order ${orderNumber(makeOrder())}`);
    expect(cells(first)[0]).toBe('11');
    expect(cells(second)[0]).toBe('12');
    expect(within(first).getByRole('link', { name: 'Call 0712 345 678' })).toHaveAttribute('href', 'tel:0712345678');
    const whatsapp = within(first).getByRole('link', { name: 'WhatsApp 0712 345 678' });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/254712345678\?text=Hello%20Juma/);
    expect(within(first).getByText('Nyali, Mombasa')).toBeInTheDocument();

    expect(cells(second)[0]).toBe('12');
    expect(within(second).getByText('No phone on record')).toBeInTheDocument();
    expect(within(second).getByText('No address on record')).toBeInTheDocument();
  });

  it('lets a screen render its own status control and actions', () => {
    renderWithProviders(
      <OrdersTable
        now={now}
        orders={[makeOrder()]}
        renderStatus={(order) => <button type="button">{`Change ${order.status}`}</button>}
        renderActions={(_, number) => <button type="button">{`Act on ${number}`}</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Change Processing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Act on 1' })).toBeInTheDocument();
  });
});
