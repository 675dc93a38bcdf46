import { TestTrpcProvider, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen } from '@testing-library/react';
import { TradeInForm } from './TradeInForm';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('TradeInForm', () => {
  it("sends the buyer's car for an estimate, and says what happens next", async () => {
    const calls: FakeCall[] = [];
    renderWithProviders(
      <TestTrpcProvider api={() => ({ data: { id: 'x' } })} calls={calls}>
        <TradeInForm />
      </TestTrpcProvider>,
    );
    fill(/Make/, 'Toyota');
    fill(/Model/, 'Fielder');
    fill(/^Year/, '2015');
    fill(/Mileage/, '98000');
    fireEvent.change(screen.getByRole('combobox', { name: /Condition/ }), { target: { value: 'Good' } });
    fill(/Your name/, 'Wanjiru');
    fill(/Phone/, '0712 345 678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Ask for an estimate' }));
    expect(await screen.findByText("Thank you, we have your car's details")).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('with an estimate for your 2015 Toyota Fielder');
    expect(calls.map((call) => call.input)).toEqual([
      {
        kind: 'trade-in',
        name: 'Wanjiru',
        phone: '+254712345678',
        consent: true,
        message: '',
        details: { make: 'Toyota', model: 'Fielder', year: 2015, mileage: 98_000, condition: 'Good', photos: [] },
        website: '',
      },
    ]);
  });

  it('names each missing field before sending anything', async () => {
    const calls: FakeCall[] = [];
    renderWithProviders(
      <TestTrpcProvider api={() => ({ data: { id: 'x' } })} calls={calls}>
        <TradeInForm />
      </TestTrpcProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ask for an estimate' }));
    expect(await screen.findByText('Make is required')).toBeInTheDocument();
    expect(screen.getByText('Year is required')).toBeInTheDocument();
    expect(screen.getByText('Mileage is required')).toBeInTheDocument();
    expect(screen.getByText(/^Condition must be one of/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
