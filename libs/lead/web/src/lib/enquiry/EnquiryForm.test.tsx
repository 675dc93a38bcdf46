import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EnquiryForm } from './EnquiryForm';

const car = { id: '00000000-0000-4000-8000-000000000001', name: 'Toyota Vitz' };

function renderForm(api: FakeApi, props: Parameters<typeof EnquiryForm>[0] = {}) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <EnquiryForm {...props} />
    </TestTrpcProvider>,
  );
  return calls;
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('EnquiryForm', () => {
  it('asks about the car it is given and sends the enquiry with the phone as +254', async () => {
    const calls = renderForm(() => ({ data: { id: '00000000-0000-4000-8000-0000000000ff' } }), { car });
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue("I'm interested in the Toyota Vitz. Is it still available?");
    fill(/Your name/, ' Amina W. ');
    fill(/Phone/, '0712 345 678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you, we have your message')).toBeInTheDocument();
    // The hours the call-back SMS and the late-lead alert keep, not the footer's spec wording (Mon-Sat to 6 PM).
    expect(screen.getByText(/within working hours \(Mon-Fri 08:00-17:00 and Sat 08:00-13:00\)/)).toBeInTheDocument();
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([
      [
        'lead.create',
        {
          kind: 'enquiry',
          name: 'Amina W.',
          phone: '+254712345678',
          consent: true,
          message: "I'm interested in the Toyota Vitz. Is it still available?",
          carId: car.id,
          website: '',
        },
      ],
    ]);
    expect(screen.getByRole('link', { name: 'WhatsApp Us' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/254711222333\?text=/));
  });

  it('sends nothing until the buyer ticks the consent box, which starts unticked', async () => {
    const calls = renderForm(() => ({ data: { id: 'x' } }));
    fill(/Your name/, 'Amina');
    fill(/Phone/, '0712345678');
    fill(/Message/, 'Hello');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Consent is required/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('checks the fields before sending anything', async () => {
    const calls = renderForm(() => ({ data: { id: 'x' } }));
    fill(/Phone/, '12345');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a Kenyan phone number, e.g. 0712 345 678')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal: too many requests", async () => {
    renderForm(() => ({
      error: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: 'Too many requests from your network. Please try again in 9 minutes, or call us.' },
    }));
    fill(/Your name/, 'Amina');
    fill(/Phone/, '0712345678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fill(/Message/, 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests from your network. Please try again in 9 minutes, or call us.');
    await waitFor(() => expect(screen.queryByText('Thank you, we have your message')).not.toBeInTheDocument());
  });

  it('takes a preferred day from today on, and none when the field is cleared', async () => {
    const calls = renderForm(() => ({ data: { id: 'x' } }));
    fill(/Your name/, 'Amina');
    fill(/Phone/, '712345678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fill(/Message/, 'Hello');
    const date = screen.getByLabelText(/Preferred day/);
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Preferred date cannot be in the past')).toBeInTheDocument();
    expect(calls).toEqual([]);
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you, we have your message')).toBeInTheDocument();
    expect(calls.map((call) => call.input)).toEqual([{ kind: 'enquiry', name: 'Amina', phone: '+254712345678', consent: true, message: 'Hello', website: '' }]);
  });

  it("shows the server's refusal of a field on that field", async () => {
    renderForm(() => ({ error: { code: 'BAD_REQUEST', message: 'Enter a valid email address', fieldErrors: { email: ['Enter a valid email address'] } } }));
    fill(/Your name/, 'Amina');
    fill(/Phone/, '0712345678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fill(/Email/, 'amina@mail.co.ke');
    fill(/Message/, 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(/Enter a valid email address/));
    // Said once, on the field.
    expect(screen.getAllByText('Enter a valid email address')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so in words when the car is no longer listed', async () => {
    renderForm(() => ({ error: { code: 'BAD_REQUEST', message: 'carId: this car is no longer listed', field: 'carId' } }), { car });
    fill(/Your name/, 'Amina');
    fill(/Phone/, '0712345678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Toyota Vitz is no longer listed. Please call us, or send your message from the contact page.',
    );
  });
});
