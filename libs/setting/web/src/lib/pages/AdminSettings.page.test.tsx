import { DEFAULT_DUTY_RATES, DEFAULT_FINANCE_SETTINGS, DEFAULT_RESERVATION_RULES, type Setting } from '@dealership/setting-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminSettingsPage, SETTING_PAGE_SIZE } from './AdminSettings.page';

const november: Setting = {
  id: '00000000-0000-4000-9000-000000000001',
  effectiveFrom: '2026-11-01',
  duty: DEFAULT_DUTY_RATES,
  finance: DEFAULT_FINANCE_SETTINGS,
  reservation: DEFAULT_RESERVATION_RULES,
  note: 'KRA rates as of November 2026',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const scheduled: Setting = {
  ...november,
  id: '00000000-0000-4000-9000-000000000002',
  effectiveFrom: '2099-07-01',
  duty: { ...DEFAULT_DUTY_RATES, vat: 0.18 },
  reservation: {
    ...DEFAULT_RESERVATION_RULES,
    deposit: { kind: 'percent', percent: 2.5 },
    paidHoldDays: 1,
    unpaidHoldHours: 0.25,
    reminderHoursBeforeExpiry: 0,
  },
  note: null,
};
const pageOf = (items: Setting[]) => ({ items, total: items.length, page: 1, pageSize: SETTING_PAGE_SIZE, pageCount: 1 });
const current = { effectiveFrom: november.effectiveFrom, duty: november.duty, finance: november.finance, reservation: november.reservation };

function renderList(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <AdminSettingsPage />
    </TestTrpcProvider>,
  );
  return { calls };
}

const answer =
  (items: Setting[]): FakeApi =>
  (procedure) => ({ data: procedure === 'setting.current' ? current : procedure === 'setting.list' ? pageOf(items) : november });

describe('AdminSettingsPage', () => {
  it('lists the rate sets, latest date first, with the one in force and the scheduled one marked', async () => {
    renderList(answer([scheduled, november]));
    expect(screen.getByRole('heading', { level: 1, name: 'Rates' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const later = within(table).getByRole('row', { name: 'Rates from 2099-07-01' });
    expect(within(later).getByText('Scheduled')).toBeInTheDocument();
    expect(within(later).getByText('18%')).toBeInTheDocument();
    const inForce = within(table).getByRole('row', { name: 'Rates from 2026-11-01' });
    expect(within(inForce).getByText('In force')).toBeInTheDocument();
    expect(within(inForce).getByText('35%')).toBeInTheDocument();
    expect(within(inForce).getByText('2019 or later')).toBeInTheDocument();
    expect(within(inForce).getByText('KES 50,000 deposit')).toBeInTheDocument();
    expect(within(inForce).getByText('Held 14 days paid')).toBeInTheDocument();
    expect(within(inForce).getByText('Held 48 hours unpaid')).toBeInTheDocument();
    expect(within(inForce).getByText('Reminder 6 hours before')).toBeInTheDocument();
    expect(within(inForce).getByText('Up to 2 unpaid per buyer')).toBeInTheDocument();
    expect(within(later).getByText('2.5% deposit')).toBeInTheDocument();
    expect(within(later).getByText('Held 1 day paid')).toBeInTheDocument();
    expect(within(later).getByText('Held 0.25 hours unpaid')).toBeInTheDocument();
    // A reminder of 0 hours is none.
    expect(within(later).getByText('No reminder')).toBeInTheDocument();
    expect(screen.getByText('2 rate sets')).toBeInTheDocument();
  });

  it('starts a new set from the rates in force and sends it through setting.create', async () => {
    const { calls } = renderList(answer([november]));
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'New rate set' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rate set' });
    expect(within(dialog).getByRole('textbox', { name: 'Import duty' })).toHaveValue('35%');
    fireEvent.change(within(dialog).getByLabelText(/Takes effect on/), { target: { value: '2027-07-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rate set' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.procedure === 'setting.create').map((call) => call.input)).toEqual([
        { effectiveFrom: '2027-07-01', duty: DEFAULT_DUTY_RATES, finance: DEFAULT_FINANCE_SETTINGS, reservation: DEFAULT_RESERVATION_RULES, note: '' },
      ]),
    );
  });

  it('asks before deleting, and never offers to delete the last set', async () => {
    const { calls } = renderList(answer([scheduled, november]));
    const table = await screen.findByRole('table');
    fireEvent.click(within(within(table).getByRole('row', { name: 'Rates from 2099-07-01' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete rate set' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((call) => call.procedure === 'setting.remove').map((call) => call.input)).toEqual([{ id: scheduled.id }]));
  });

  it('keeps the only set', async () => {
    renderList(answer([november]));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
