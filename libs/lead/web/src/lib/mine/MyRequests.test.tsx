import type { BuyerLead } from '@dealership/lead-schemas';
import { callsOf, TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
import { MyRequests } from './MyRequests';

const requests: BuyerLead[] = [
  {
    id: '00000000-0000-4000-9000-000000000002',
    kind: 'test-drive',
    status: 'Contacted',
    car: { id: '00000000-0000-4000-8000-000000000001', name: 'Toyota Vitz', slug: 'toyota-vitz' },
    salesperson: 'Salim',
    createdAt: '2026-11-25T09:00:00.000Z',
  },
  { id: '00000000-0000-4000-9000-000000000001', kind: 'import', status: 'New', car: null, salesperson: null, createdAt: '2026-11-20T21:30:00.000Z' },
];

function renderList(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <MyRequests />
    </TestTrpcProvider>,
  );
  return calls;
}

describe('MyRequests', () => {
  it("lists the buyer's requests with kind, car, status, salesperson and date", async () => {
    const calls = renderList(() => ({ data: requests }));
    const list = await screen.findByRole('list', { name: 'My requests' });
    const [drive, request] = within(list).getAllByRole('listitem');
    expect(drive).toHaveAccessibleName('Test drive about Toyota Vitz');
    expect(within(drive).getByRole('link', { name: 'Toyota Vitz' })).toHaveAttribute('href', '/car/toyota-vitz');
    expect(within(drive).getByTitle('Status: Contacted')).toHaveTextContent('In touch');
    expect(within(drive).getByText('Your salesperson: Salim')).toBeInTheDocument();
    expect(within(drive).getByText('25 Nov 2026')).toBeInTheDocument();

    expect(request).toHaveAccessibleName('Import on behalf');
    expect(within(request).queryByRole('link')).toBeNull();
    expect(within(request).getByText('Received')).toBeInTheDocument();
    expect(within(request).getByText('A salesperson will pick it up soon')).toBeInTheDocument();
    // 21:30 UTC is the next morning in Nairobi.
    expect(within(request).getByText('21 Nov 2026')).toBeInTheDocument();
    expect(callsOf(calls, 'lead.mine')).toHaveLength(1);
  });

  it('says so when there are none yet', async () => {
    renderList(() => ({ data: [] }));
    expect(await screen.findByText('No requests yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars' })).toHaveAttribute('href', '/cars');
  });

  it('says so when they cannot be loaded', async () => {
    renderList(() => ({ error: { code: 'INTERNAL_SERVER_ERROR' } }));
    expect(await screen.findByText('Could not load your requests')).toBeInTheDocument();
  });
});
