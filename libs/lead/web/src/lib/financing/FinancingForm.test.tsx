import { TestTrpcProvider, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { ApplyForFinancing } from './ApplyForFinancing';
import { FinancingForm } from './FinancingForm';

const car = { carId: '00000000-0000-4000-8000-000000000001', carName: 'Toyota Prado' };
const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('FinancingForm', () => {
  it('starts from the terms given, asks for an income band and no documents, and sends the application', async () => {
    const calls: FakeCall[] = [];
    renderWithProviders(
      <TestTrpcProvider api={() => ({ data: { id: 'x' } })} calls={calls}>
        <FinancingForm {...car} price={4_500_000} deposit={900_000} months={48} />
      </TestTrpcProvider>,
    );
    expect(screen.getByRole('textbox', { name: /Price/ })).toHaveValue('4,500,000');
    expect(screen.getByRole('textbox', { name: /Deposit/ })).toHaveValue('900,000');
    expect(screen.getByRole('textbox', { name: /Months to pay/ })).toHaveValue('48');
    expect(screen.getByText('We never ask for your ID number or statements online: our staff collect them in person.')).toBeInTheDocument();
    fill(/Your name/, 'Otieno');
    fill(/Phone/, '0712 345 678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    expect(await screen.findByText(/Monthly income must be one of/)).toBeInTheDocument();
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByRole('combobox', { name: /Monthly income/ }), { target: { value: 'KES 100,000-250,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    expect(await screen.findByText('Thank you, we have your financing request')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('financing KES 3,600,000 over 48 months');
    expect(calls.map((call) => call.input)).toEqual([
      {
        kind: 'financing',
        name: 'Otieno',
        phone: '+254712345678',
        consent: true,
        message: '',
        carId: car.carId,
        details: { price: 4_500_000, deposit: 900_000, months: 48, incomeBand: 'KES 100,000-250,000' },
        website: '',
      },
    ]);
  });

  it('checks the term and the deposit on their fields', async () => {
    renderWithProviders(
      <TestTrpcProvider api={() => ({ data: { id: 'x' } })}>
        <FinancingForm price={1_000_000} deposit={1_000_000} months={96} />
      </TestTrpcProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    expect(await screen.findByText('Months must be from 12 to 72')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Months to pay/ })).toHaveAccessibleDescription(/Months must be from 12 to 72/);
    fireEvent.change(screen.getByRole('textbox', { name: /Months to pay/ }), { target: { value: '48' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Monthly income/ }), { target: { value: 'Above KES 250,000' } });
    fill(/Your name/, 'Otieno');
    fill(/Phone/, '0712 345 678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    expect(await screen.findByText('Deposit must be less than the price')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Deposit/ })).toHaveAccessibleDescription('Deposit must be less than the price');
  });
});

describe('ApplyForFinancing', () => {
  it('opens the financing form prefilled, in a dialog loaded on demand', async () => {
    renderWithProviders(
      <TestTrpcProvider api={() => ({ data: { id: 'x' } })}>
        <ApplyForFinancing {...car} price={2_000_000} deposit={400_000} months={48} />
      </TestTrpcProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply for financing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply for financing of the Toyota Prado' });
    expect(await within(dialog).findByRole('textbox', { name: /Deposit/ })).toHaveValue('400,000');
  });
});

describe('FinancingForm from a price alone', () => {
  it('starts with the usual 20% deposit and 48 months', () => {
    renderWithProviders(
      <TestTrpcProvider api={() => ({ data: { id: 'x' } })}>
        <FinancingForm price={2_350_000} />
      </TestTrpcProvider>,
    );
    expect(screen.getByRole('textbox', { name: /Deposit/ })).toHaveValue('470,000');
    expect(screen.getByRole('textbox', { name: /Months to pay/ })).toHaveValue('48');
  });
});
