import { DEFAULT_DUTY_RATES, DEFAULT_FINANCE_SETTINGS } from '@dealership/setting-schemas';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SettingForm, settingFormValues } from './SettingForm';

const november = { effectiveFrom: '2026-11-01', duty: DEFAULT_DUTY_RATES, finance: DEFAULT_FINANCE_SETTINGS, note: '' };

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
});
