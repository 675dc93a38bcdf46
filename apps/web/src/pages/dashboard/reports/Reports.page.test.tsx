import { TestTrpcProvider, type FakeApi } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
import { ReportsPage } from './Reports.page';

const LEAD_REPORT = {
  perWeek: [
    { week: '2026-11-16', kind: 'enquiry', count: 4 },
    { week: '2026-11-23', kind: 'test-drive', count: 2 },
  ],
  responseTimes: [
    { assignee: 'Amina Wanjiru', leads: 5, answered: 4, medianMinutes: 6.5, p90Minutes: 21 },
    { assignee: 'Unassigned', leads: 1, answered: 0, medianMinutes: null, p90Minutes: null },
  ],
  conversion: [
    { week: '2026-11-16', leads: 4, won: 1 },
    { week: '2026-11-23', leads: 2, won: 0 },
  ],
};
const ORDER_REPORT = { salesPerMonth: [{ month: '2026-11', count: 2, amount: 3_100_000 }], reservationsEnded: [{ month: '2026-11', expired: 3, cancelled: 1 }] };
const STOCK = {
  inStock: 2,
  over90Days: 1,
  cars: [
    { id: '00000000-0000-4000-8000-000000000001', name: 'Subaru Forester 2015', slug: 'subaru-forester-2015', price: 1_250_000, status: 'Available', days: 121 },
    { id: '00000000-0000-4000-8000-000000000002', name: 'Mazda Demio 2017', slug: 'mazda-demio-2017', price: 780_000, status: 'Reserved', days: 12 },
  ],
};

const api: FakeApi = (procedure) =>
  procedure === 'lead.report' ? { data: LEAD_REPORT } : procedure === 'order.report' ? { data: ORDER_REPORT } : procedure === 'car.stockAge' ? { data: STOCK } : { error: { code: 'NOT_FOUND' } };

describe('ReportsPage', () => {
  it("shows the owner's figures from the three domains, each with a CSV export", async () => {
    renderWithProviders(
      <TestTrpcProvider api={api}>
        <ReportsPage />
      </TestTrpcProvider>,
      { route: '/dashboard/admin/reports' },
    );
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    const response = within(screen.getByRole('table', { name: 'First response by salesperson' }));
    expect(response.getByRole('row', { name: /Amina Wanjiru/ })).toHaveTextContent('Amina Wanjiru546.5 min21 min');
    expect(response.getByRole('row', { name: /Unassigned/ })).toHaveTextContent('Unassigned10——');
    expect(screen.getByText('1 of 6 leads won (17%) in 12 weeks.')).toBeInTheDocument();
    expect(screen.getByText('2 delivered, KES 3,100,000 in 12 months.')).toBeInTheDocument();
    expect(screen.getByText('2 cars in stock, 1 of them over 90 days.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Stock age' })).getByRole('link', { name: 'Subaru Forester 2015' })).toHaveAttribute('href', '/car/subaru-forester-2015');
    for (const title of ['Leads per week', 'First response by salesperson', 'Leads won', 'Sales per month', 'Reservations ended', 'Stock age']) {
      expect(screen.getByRole('button', { name: `Export ${title} as CSV` })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Export all leads (CSV)' })).toHaveAttribute('href', '/api/leads/export.csv');
  });
});
