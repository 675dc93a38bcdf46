import type { Alert } from '@dealership/alert-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminAlertsPage, ALERT_PAGE_SIZE } from './AdminAlerts.page';

const first: Alert = {
  id: '00000000-0000-4000-9000-000000000001',
  name: 'First',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const pageOf = (items: Alert[]) => ({ items, total: items.length, page: 1, pageSize: ALERT_PAGE_SIZE, pageCount: 1 });

function renderList(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <AdminAlertsPage />
    </TestTrpcProvider>,
  );
  return { calls };
}

describe('AdminAlertsPage', () => {
  it('lists the alerts the API answers', async () => {
    const { calls } = renderList(() => ({ data: pageOf([first]) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('First')).toBeInTheDocument();
    expect(screen.getByText('1 alert')).toBeInTheDocument();
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([['alert.list', { page: 1, pageSize: ALERT_PAGE_SIZE }]]);
  });

  it('links to the activity log of alerts', () => {
    renderList(() => ({ data: pageOf([]) }));
    expect(screen.getByRole('link', { name: 'Changes in the activity log' })).toHaveAttribute('href', `${sitePath('adminActivity')}?entity=alert`);
  });

  it('says so when there are none', async () => {
    renderList(() => ({ data: pageOf([]) }));
    expect(await screen.findByText('No alerts yet.')).toBeInTheDocument();
  });

  it('adds one through alert.create with the checked values', async () => {
    const { calls } = renderList((procedure) => ({ data: procedure === 'alert.create' ? first : pageOf([]) }));
    await screen.findByText('No alerts yet.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: ' First ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.filter((call) => call.procedure === 'alert.create').map((call) => call.input)).toEqual([{ name: 'First' }]));
  });
});
