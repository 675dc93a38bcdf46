import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { makeBrand, renderWithProviders } from '@dealership/web-ui/testing';
import { act, screen, within } from '@testing-library/react';
import { AdminHomePage } from './AdminHome';

const amina = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Amina', email: 'amina@mail.co.ke', phone: '0712 000 111', address: 'Nyali', role: 1 };

const CAR_STATS = { total: 68, featured: 8, byStatus: { Available: 60, Reserved: 3, Sold: 5 } };
const ORDER_STATS = { total: 9, byStatus: { 'Not Process': 4, Processing: 2, Shipped: 1, deliverd: 1, cancel: 1 } };
const EVENT = {
  id: '00000000-0000-4000-9000-000000000001',
  actor: { id: amina.id, name: 'Amina', email: amina.email },
  entity: 'brand',
  entityId: '00000000-0000-4000-8000-0000000000b1',
  label: 'Mazda',
  action: 'create',
  changes: { name: { after: 'Mazda' } },
  createdAt: '2026-11-23T10:00:00.000Z',
};

const answers: Record<string, () => ReturnType<FakeApi>> = {
  'car.stats': () => ({ data: CAR_STATS }),
  'order.stats': () => ({ data: ORDER_STATS }),
  'brand.list': () => ({ data: [makeBrand(), makeBrand({ name: 'Mazda', slug: 'mazda' }), makeBrand({ name: 'Nissan', slug: 'nissan' })] }),
  'audit.list': () => ({ data: { items: [EVENT], total: 1, page: 1, pageSize: 5, pageCount: 1 } }),
  'backup.status': () => ({
    data: {
      lastWritten: { finishedAt: '2026-12-05T00:15:00.000Z', bytes: 13_212_058, file: 'backup-2026-12-05T00-14-58-000Z.tar', copiedTo: null, takenBy: 'web-1:812', error: null },
      lastFailed: { finishedAt: '2026-12-06T00:15:00.000Z', bytes: null, file: null, copiedTo: null, takenBy: 'web-1:812', error: 'No space left on device' },
    },
  }),
};

function renderHome(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <AdminHomePage />
    </TestTrpcProvider>,
    { route: '/dashboard/admin' },
  );
  return calls;
}

const card = (name: string) => within(screen.getByRole('region', { name }));

describe('AdminHomePage', () => {
  beforeEach(() => {
    window.localStorage.setItem('auth', JSON.stringify({ user: amina, token: 'admin-token' }));
    // jsdom lays nothing out, so recharts measures its containers at 0 x 0 and says so.
    const warn = console.warn;
    jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
    });
  });
  afterEach(() => {
    window.localStorage.clear();
    jest.restoreAllMocks();
  });

  it("welcomes the admin, shows their details, and the catalogue's and orders' figures, each linking to its screen", async () => {
    const calls = renderHome((procedure) => answers[procedure]());
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Amina' })).toBeInTheDocument();
    expect(screen.getByText('amina@mail.co.ke')).toBeInTheDocument();
    expect(screen.getByText('0712 000 111')).toBeInTheDocument();
    expect(card('Cars').getByRole('status')).toBeInTheDocument();

    expect(await card('Cars').findByText('68')).toBeInTheDocument();
    expect(card('Cars').getByRole('link', { name: 'Cars List' })).toHaveAttribute('href', '/dashboard/admin/cars');
    expect(card('Featured').getByText('8')).toBeInTheDocument();
    expect(await card('Brands').findByText('3')).toBeInTheDocument();
    expect(card('Brands').getByRole('link', { name: 'Brand List' })).toHaveAttribute('href', '/dashboard/admin/allbrands');
    expect(await card('Orders').findByText('9')).toBeInTheDocument();
    expect(card('Orders').getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('href', '/dashboard/admin/userorders');

    // The charts' numbers as text: label and count pairs.
    const carCounts = card('Cars by status')
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(carCounts).toEqual([
      ['Available', '60'],
      ['Reserved', '3'],
      ['Sold', '5'],
    ]);
    const orderCounts = card('Orders by status')
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(orderCounts).toEqual([
      ['Not Process', '4'],
      ['Processing', '2'],
      ['Shipped', '1'],
      ['deliverd', '1'],
      ['cancel', '1'],
    ]);

    const activity = card('Latest activity');
    expect(await activity.findByText('Amina created brand ‘Mazda’')).toBeInTheDocument();
    expect(activity.getByRole('link', { name: 'See all activity' })).toHaveAttribute('href', '/dashboard/admin/activity');
    expect(new Set(calls.map((call) => call.procedure))).toEqual(new Set(['car.stats', 'order.stats', 'brand.list', 'audit.list', 'backup.status']));
  });

  it("shows the owners the last backup's time and size, whether it left the server, and a failure since", async () => {
    renderHome((procedure) => answers[procedure]());
    const backups = card('Backups');
    expect(await backups.findByText('5 Dec 2026, 03:15')).toBeInTheDocument();
    expect(backups.getByText(/Last backup:/)).toHaveTextContent('Last backup: 5 Dec 2026, 03:15, 12.6 MB');
    expect(backups.getByText('Kept on this server only: ask whoever runs it to set up an off-site copy (BACKUP_S3_URL).')).toBeInTheDocument();
    expect(backups.getByRole('alert')).toHaveTextContent('The backup of 6 Dec 2026, 03:15 failed: No space left on device');
  });

  it('shows a salesperson no backups (owners only, as the server enforces)', async () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: { ...amina, staffRole: 'sales' }, token: 'sales-token' }));
    const calls = renderHome((procedure) => answers[procedure]());
    expect(await card('Cars').findByText('68')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Backups' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.procedure)).not.toContain('backup.status');
  });

  it('shows a failed figure in its own cards, the others unaffected, and retries it', async () => {
    let carsFail = true;
    renderHome((procedure) => (procedure === 'car.stats' && carsFail ? { error: { code: 'INTERNAL_SERVER_ERROR' } } : answers[procedure]()));
    expect(await card('Cars').findByRole('alert')).toHaveTextContent('Could not load this figure.');
    expect(card('Featured').getByRole('alert')).toBeInTheDocument();
    expect(card('Cars by status').getByRole('alert')).toBeInTheDocument();
    expect(await card('Brands').findByText('3')).toBeInTheDocument();
    expect(await card('Orders').findByText('9')).toBeInTheDocument();

    carsFail = false;
    act(() => card('Cars').getByRole('button', { name: 'Try again' }).click());
    expect(await card('Cars').findByText('68')).toBeInTheDocument();
    expect(card('Featured').queryByRole('alert')).not.toBeInTheDocument();
  });
});
