import { DEFAULT_DUTY_RATES, DEFAULT_FINANCE_SETTINGS, DEFAULT_RESERVATION_RULES } from '@dealership/setting-schemas';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SettingForm, settingFormValues } from './SettingForm';

const november = { effectiveFrom: '2026-11-01', duty: DEFAULT_DUTY_RATES, finance: DEFAULT_FINANCE_SETTINGS, reservation: DEFAULT_RESERVATION_RULES, note: '' };

describe('SettingForm', () => {
  it('shows the rates in percent', () => {
    expect(settingFormValues(november).duty).toMatchObject({ importDuty: 35, vat: 16, idf: 2.5, depreciation: [10, 20, 30, 40, 50, 55, 60, 65] });
    renderWithProviders(<SettingForm onSubmit={jest.fn()} initialValues={november} />);
    expect(screen.getByRole('textbox', { name: 'Import duty' })).toHaveValue('35%');
    expect(screen.getByRole('textbox', { name: 'Over 5 up to 6 years' })).toHaveValue('55%');
  });

  it('sends fractions, as the contract keeps them', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<SettingForm onSubmit={onSubmit} initialValues={november} submitLabel="Save rate set" />);
    fireEvent.change(screen.getByLabelText(/Takes effect on/), { target: { value: '2027-07-01' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'VAT' }), { target: { value: '18%' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: ' Finance Act 2027 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate set' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        effectiveFrom: '2027-07-01',
        duty: { ...DEFAULT_DUTY_RATES, vat: 0.18 },
        finance: DEFAULT_FINANCE_SETTINGS,
        reservation: DEFAULT_RESERVATION_RULES,
        note: 'Finance Act 2027',
      }),
    );
  });

  it('checks the rates with the shared schema before anything is sent, on the field', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<SettingForm onSubmit={onSubmit} initialValues={november} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Annual interest rate' }), { target: { value: '75%' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 60')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the reservation rules, and sends a deposit as a percentage of the price when chosen', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<SettingForm onSubmit={onSubmit} initialValues={november} />);
    const reservations = screen.getByRole('group', { name: 'Reservations' });
    expect(within(reservations).getByRole('radio', { name: 'Fixed amount' })).toBeChecked();
    expect(within(reservations).getByRole('textbox', { name: 'Deposit per car (KES)' })).toHaveValue('50,000');
    expect(within(reservations).getByRole('textbox', { name: 'Hold with a paid deposit (days)' })).toHaveValue('14');
    expect(within(reservations).getByRole('textbox', { name: 'Hold without a deposit (hours)' })).toHaveValue('48');
    expect(within(reservations).getByRole('textbox', { name: 'Reminder before expiry (hours)' })).toHaveValue('6');
    expect(within(reservations).getByRole('textbox', { name: 'Unpaid reservations per buyer' })).toHaveValue('2');
    expect(within(reservations).getByText('A paid deposit holds the car this long.')).toBeInTheDocument();

    fireEvent.click(within(reservations).getByRole('radio', { name: 'Percentage of the price' }));
    const percent = await within(reservations).findByRole('textbox', { name: 'Deposit, percentage of the price' });
    expect(within(reservations).queryByRole('textbox', { name: 'Deposit per car (KES)' })).toBeNull();
    fireEvent.change(percent, { target: { value: '2.5%' } });
    fireEvent.change(within(reservations).getByRole('textbox', { name: 'Hold without a deposit (hours)' }), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ reservation: { ...DEFAULT_RESERVATION_RULES, deposit: { kind: 'percent', percent: 2.5 }, unpaidHoldHours: 24 } }),
      ),
    );
  });

  it('takes the holds to the hundredth of an hour, a quarter of an hour a step, and a reminder of 0 for none', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<SettingForm onSubmit={onSubmit} initialValues={november} />);
    const hold = screen.getByRole('textbox', { name: 'Hold without a deposit (hours)' });
    const reminder = screen.getByRole('textbox', { name: 'Reminder before expiry (hours)' });
    expect(screen.getByText('The buyer is reminded to pay this long before the reservation expires; 0 sends no reminder.')).toBeInTheDocument();

    fireEvent.change(hold, { target: { value: '0.5' } });
    fireEvent.keyDown(hold, { key: 'ArrowUp' });
    await waitFor(() => expect(hold).toHaveValue('0.75'));
    fireEvent.change(reminder, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ reservation: { ...DEFAULT_RESERVATION_RULES, unpaidHoldHours: 0.75, reminderHoursBeforeExpiry: 0 } }),
      ),
    );
  });

  it('refuses a reminder that comes no earlier than the hold without a deposit ends, and a deposit out of bounds, on the fields', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<SettingForm onSubmit={onSubmit} initialValues={november} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Hold without a deposit (hours)' }), { target: { value: '6' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Deposit per car (KES)' }), { target: { value: '20,000,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be less than the hours a reservation without a deposit is held')).toBeInTheDocument();
    expect(screen.getByText('Must be at most KES 10,000,000')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
