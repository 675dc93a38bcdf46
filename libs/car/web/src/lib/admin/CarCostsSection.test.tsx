import type { CarCosts } from '@dealership/car-schemas';
import type { FakeApi } from '@dealership/web-trpc-client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from './admin-testing';
import { CarCostsSection } from './CarCostsSection';

const carId = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f60';
const costs: CarCosts = {
  carId,
  items: [
    {
      id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f61',
      kind: 'purchase',
      currency: 'JPY',
      amount: 1_234_500,
      exchangeRate: 0.8731,
      amountKes: 1_077_842,
      supplier: 'USS Tokyo',
      receipt: 'LOT 40512',
      recordedBy: 'Zawadi',
      recordedAt: '2026-12-01T08:00:00.000Z',
    },
  ],
  totalKes: 1_077_842,
  priceKes: 2_950_000,
  marginKes: 1_872_158,
};

function signIn(staffRole: 'owner' | 'sales') {
  const user = {
    id: '00000000-0000-4000-8000-0000000000aa',
    name: 'Zawadi',
    email: 'zawadi@dealer.test',
    phone: '0712000000',
    address: 'Mombasa',
    role: 1,
    staffRole,
    emailVerified: true,
  };
  window.localStorage.setItem('auth', JSON.stringify({ user, token: 'test-token' }));
}

describe('CarCostsSection', () => {
  afterEach(() => window.localStorage.clear());

  it('shows the owner the lines, their total and the margin at the asking price, and adds a purchase in yen with its rate', async () => {
    signIn('owner');
    const api: FakeApi = (procedure) => (procedure === 'car.costs' || procedure === 'car.addCost' ? { data: costs } : { data: null });
    const { calls } = renderAdmin(<CarCostsSection carId={carId} />, { api });

    const table = await screen.findByRole('table', { name: 'Costs of the car' });
    expect(within(table).getByText('JPY 1,234,500 at 0.8731')).toBeInTheDocument();
    expect(within(table).getByText('KES 1,077,842')).toBeInTheDocument();
    expect(screen.getByText(/Total costs:/)).toHaveTextContent('Total costs: KES 1,077,842');
    expect(screen.getByText(/Margin at the asking price/)).toHaveTextContent('Margin at the asking price (KES 2,950,000): KES 1,872,158');

    fireEvent.click(screen.getByRole('button', { name: 'Add cost' }));
    const form = screen.getByRole('form', { name: 'Add cost' });
    // A foreign currency asks for its rate, and names it.
    fireEvent.click(within(form).getByRole('button', { name: 'Save cost' }));
    expect(await within(form).findByText('Amount must be a number')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('combobox', { name: 'Currency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'JPY' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Amount \(JPY\)/ }), { target: { value: '500000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save cost' }));
    expect(await within(form).findByText('Exchange rate is required for an amount in JPY')).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: /Exchange rate \(KES per JPY\)/ }), { target: { value: '0.87' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Supplier' }), { target: { value: 'Be Forward' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save cost' }));
    await waitFor(() => expect(calls.some((call) => call.procedure === 'car.addCost')).toBe(true));
    expect(calls.find((call) => call.procedure === 'car.addCost')?.input).toEqual({
      carId,
      cost: { kind: 'purchase', currency: 'JPY', amount: 500_000, exchangeRate: 0.87, supplier: 'Be Forward' },
    });
  });

  it('is not there for a salesperson, who never asks for the costs', () => {
    signIn('sales');
    const { calls, container } = renderAdmin(<CarCostsSection carId={carId} />, { api: () => ({ data: costs }) });
    expect(container.querySelector('section')).toBeNull();
    expect(calls.filter((call) => call.procedure.startsWith('car.'))).toEqual([]);
  });
});
