import { oldestImportableYear } from '@dealership/lead-schemas';
import { TestTrpcProvider, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen } from '@testing-library/react';
import { ImportRequestForm } from './ImportRequestForm';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('ImportRequestForm', () => {
  it('explains the eight-year rule on a first year too old, then sends the request', async () => {
    const oldest = oldestImportableYear();
    const calls: FakeCall[] = [];
    renderWithProviders(
      <TestTrpcProvider api={() => ({ data: { id: 'x' } })} calls={calls}>
        <ImportRequestForm />
      </TestTrpcProvider>,
    );
    fill(/Make/, 'Mazda');
    fill(/Model/, 'CX-5');
    fill(/Year from/, String(oldest - 2));
    fill(/Year to/, String(oldest + 1));
    fill(/Budget/, '3200000');
    fill(/Your name/, 'Juma');
    fill(/Phone/, '0712 345 678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    const rule = `Kenya admits used cars first registered less than eight years before they arrive: the oldest year you can import now is ${oldest}`;
    expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(calls).toEqual([]);

    fill(/Year from/, String(oldest));
    fireEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    expect(await screen.findByText('Thank you, we have your import request')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`look for a Mazda CX-5 (${oldest}-${oldest + 1}) within KES 3,200,000`);
    expect(calls.map((call) => call.input)).toEqual([
      {
        kind: 'import',
        name: 'Juma',
        phone: '+254712345678',
        consent: true,
        message: '',
        details: { make: 'Mazda', model: 'CX-5', yearFrom: oldest, yearTo: oldest + 1, budget: 3_200_000 },
        website: '',
      },
    ]);
  });
});
