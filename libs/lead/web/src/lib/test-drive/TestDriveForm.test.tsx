import { nairobiToday } from '@dealership/lead-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { BookTestDrive } from './BookTestDrive';
import { formatDay, TestDriveForm } from './TestDriveForm';

const car = { id: '00000000-0000-4000-8000-000000000001', name: 'Mazda CX-5' };

/** The next day after today (Nairobi's) that falls on `weekday` (0 Sunday ... 6 Saturday). */
function nextDay(weekday: number): string {
  const day = new Date(`${nairobiToday()}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== weekday);
  return day.toISOString().slice(0, 10);
}

function renderForm(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <TestDriveForm car={car} />
    </TestTrpcProvider>,
  );
  return calls;
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const time = () => screen.getByRole('combobox', { name: /Preferred time/ });

describe('TestDriveForm', () => {
  it('offers the half-hour slots of the day picked and books one', async () => {
    const calls = renderForm(() => ({ data: { id: 'x' } }));
    expect(time()).toBeDisabled();
    fill(/Your name/, 'Baraka');
    fill(/Phone/, '0722 000 111');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    const tuesday = nextDay(2);
    fireEvent.change(screen.getByLabelText(/Preferred day/), { target: { value: tuesday } });
    const options = within(time())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Choose a time',
      ...Array.from({ length: 18 }, (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`),
    ]);
    fireEvent.change(time(), { target: { value: '10:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));
    expect(await screen.findByText('Thank you, we have your test-drive request')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`confirm your test drive of the Mazda CX-5 on ${formatDay(tuesday)} at 10:30`);
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([
      [
        'lead.create',
        {
          kind: 'test-drive',
          name: 'Baraka',
          phone: '+254722000111',
          consent: true,
          message: '',
          carId: car.id,
          preferredDate: tuesday,
          preferredTime: '10:30',
          website: '',
        },
      ],
    ]);
    expect(screen.getByRole('link', { name: 'WhatsApp Us' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/254711222333\?text=/));
  });

  it('ends Saturday at 12:30 and has no slots on Sunday, saying so', () => {
    renderForm(() => ({ data: { id: 'x' } }));
    fireEvent.change(screen.getByLabelText(/Preferred day/), { target: { value: nextDay(6) } });
    expect(within(time()).getAllByRole('option').at(-1)).toHaveTextContent('12:30');
    fireEvent.change(screen.getByLabelText(/Preferred day/), { target: { value: nextDay(0) } });
    expect(time()).toBeDisabled();
    expect(time()).toHaveAccessibleDescription('We are closed on Sundays: we take test drives Mon-Fri 08:00-17:00 and Sat 08:00-13:00');
  });

  it('asks for the day and time before sending anything', async () => {
    const calls = renderForm(() => ({ data: { id: 'x' } }));
    fill(/Your name/, 'Baraka');
    fill(/Phone/, '0722 000 111');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));
    expect(await screen.findByText('Preferred date is required')).toBeInTheDocument();
    expect(screen.getByText('Preferred time is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of the time on the time", async () => {
    renderForm(() => ({
      error: {
        code: 'BAD_REQUEST',
        message: 'Preferred time has passed: choose a later time today, or another day',
        fieldErrors: { preferredTime: ['Preferred time has passed: choose a later time today, or another day'] },
      },
    }));
    fill(/Your name/, 'Baraka');
    fill(/Phone/, '0722 000 111');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.change(screen.getByLabelText(/Preferred day/), { target: { value: nextDay(3) } });
    fireEvent.change(time(), { target: { value: '09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));
    expect(await screen.findByText('Preferred time has passed: choose a later time today, or another day')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('BookTestDrive', () => {
  it('opens the test-drive form of the car in a dialog, loaded on demand', async () => {
    renderWithProviders(
      <TestTrpcProvider api={() => ({ data: { id: 'x' } })}>
        <BookTestDrive carId={car.id} carName={car.name} />
      </TestTrpcProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Book a test drive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a test drive of the Mazda CX-5' });
    expect(await within(dialog).findByRole('combobox', { name: /Preferred time/ })).toBeInTheDocument();
  });
});
