import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chartedSources, ReportsPage } from './Reports.page';

const LEAD_REPORT = {
  perWeek: [
    { week: '2026-11-16', kind: 'enquiry', count: 4 },
    { week: '2026-11-23', kind: 'test-drive', count: 2 },
  ],
  perSource: [
    { week: '2026-11-16', source: '/car/*', count: 3 },
    { week: '2026-11-16', source: null, count: 1 },
    { week: '2026-11-23', source: '/financing', count: 2 },
    { week: '2026-11-23', source: 'WhatsApp', count: 3 },
    { week: '2026-11-23', source: 'WhatsApp ad', count: 1 },
  ],
  perChannel: [
    { week: '2026-11-16', channel: 'web', count: 4 },
    { week: '2026-11-23', channel: 'web', count: 2 },
    { week: '2026-11-23', channel: 'whatsapp', count: 3 },
    { week: '2026-11-23', channel: 'whatsapp-ad', count: 1 },
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
const ORDER_REPORT = {
  salesPerMonth: [{ month: '2026-11', count: 2, amount: 3_100_000 }],
  reservationsEnded: [{ month: '2026-11', expired: 3, cancelled: 1 }],
  grossProfitPerMonth: [{ month: '2026-11', carsSold: 2, revenueKes: 3_100_000, costKes: 1_800_000, grossProfitKes: 350_000, withoutCosts: 1 }],
  carsSold: [
    {
      month: '2026-11',
      name: 'Nissan X-Trail 2018',
      slug: 'nissan-x-trail-2018',
      priceKes: 2_150_000,
      costKes: 1_800_000,
      marginKes: 350_000,
      daysInStock: 40,
    },
    { month: '2026-11', name: 'Nissan Note 2017', slug: 'nissan-note-2017', priceKes: 950_000, costKes: null, marginKes: null, daysInStock: 10 },
  ],
  averageDaysToSell: 25,
};
const STOCK = {
  inStock: 2,
  over90Days: 1,
  bands: [
    { label: '0-30 days', cars: 1, costKes: 0, withoutCosts: 1, askingKes: 780_000 },
    { label: '31-60 days', cars: 0, costKes: 0, withoutCosts: 0, askingKes: 0 },
    { label: '61-90 days', cars: 0, costKes: 0, withoutCosts: 0, askingKes: 0 },
    { label: '90+ days', cars: 1, costKes: 1_050_000, withoutCosts: 0, askingKes: 1_250_000 },
  ],
  cars: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Subaru Forester 2015',
      slug: 'subaru-forester-2015',
      price: 1_250_000,
      status: 'Available',
      days: 121,
    },
    { id: '00000000-0000-4000-8000-000000000002', name: 'Mazda Demio 2017', slug: 'mazda-demio-2017', price: 780_000, status: 'Reserved', days: 12 },
  ],
};

const MOST_VIEWED = {
  month: '2026-11',
  cars: [
    {
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Toyota Prado 2019',
      slug: 'toyota-prado-2019',
      price: 6_900_000,
      status: 'Available',
      views: 412,
      leads: 9,
    },
  ],
};

const IMPORTS = { cards: [], counts: {}, report: { medianDaysBoughtToDelivered: 54.5, inTransit: 2, moneyHeldKes: 1_500_000 } };
const ANSWERS: Record<string, unknown> = {
  'lead.report': LEAD_REPORT,
  'order.report': ORDER_REPORT,
  'car.stockAge': STOCK,
  'car.agedStockAlert': { days: null, lastSentAt: null },
  'car.setAgedStockAlert': { days: 75, lastSentAt: null },
  'car.mostViewed': MOST_VIEWED,
  'vehicleImport.board': IMPORTS,
};
const api: FakeApi = (procedure) => (procedure in ANSWERS ? { data: ANSWERS[procedure] } : { error: { code: 'NOT_FOUND' } });

describe('ReportsPage', () => {
  it('lets the owner ask for the weekly aged-stock email, 75 days suggested', async () => {
    const calls: FakeCall[] = [];
    renderWithProviders(
      <TestTrpcProvider api={api} calls={calls}>
        <ReportsPage />
      </TestTrpcProvider>,
      { route: '/dashboard/admin/reports' },
    );
    const form = within(await screen.findByRole('form', { name: 'Aged-stock alert' }));
    expect(form.getByText('No weekly email of aged stock.')).toBeInTheDocument();
    const days = form.getByRole('textbox', { name: 'Email me weekly the cars in stock for at least (days)' });
    expect(days).toHaveValue('75');
    fireEvent.change(days, { target: { value: '60' } });
    fireEvent.click(form.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(calls.find((call) => call.procedure === 'car.setAgedStockAlert')?.input).toEqual({ days: 60 }));
  });

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
    expect(
      screen.getByText('KES 350,000 gross profit on 1 car with costs in 12 months (1 sold without costs recorded). 25 days to sell on average.'),
    ).toBeInTheDocument();
    const margins = within(screen.getByRole('table', { name: 'Margin per car sold' }));
    expect(margins.getByRole('row', { name: /X-Trail/ })).toHaveTextContent('Nissan X-Trail 2018KES 2,150,000KES 1,800,000KES 350,00040');
    expect(margins.getByRole('row', { name: /Note/ })).toHaveTextContent('Nissan Note 2017KES 950,000Not recorded—10');
    const bands = within(screen.getByRole('table', { name: 'Stock by age' }));
    expect(bands.getByRole('row', { name: /^0-30 days/ })).toHaveTextContent('0-30 days1KES 01 car without costsKES 780,000');
    expect(bands.getByRole('row', { name: /^90\+ days/ })).toHaveTextContent('90+ days1KES 1,050,000KES 1,250,000');
    expect(within(screen.getByRole('table', { name: 'Stock age' })).getByRole('link', { name: 'Subaru Forester 2015' })).toHaveAttribute(
      'href',
      '/car/subaru-forester-2015',
    );
    expect(screen.getByText('Car pages: 3 · WhatsApp: 3 · /financing: 2 · Not known: 1 · WhatsApp ad: 1')).toBeInTheDocument();
    const channels = within(screen.getByRole('region', { name: 'Leads by channel' }));
    expect(channels.getByText('Web form: 6 · WhatsApp: 3 · WhatsApp ad: 1')).toBeInTheDocument();
    const viewed = within(screen.getByRole('table', { name: 'Most viewed cars this month' }));
    expect(viewed.getByRole('row', { name: /Toyota Prado 2019/ })).toHaveTextContent('Toyota Prado 20194129KES 6,900,000');
    expect(screen.getByText('Median 55 days from bought to delivered · 2 in transit · KES 1,500,000 held for imports not yet delivered.')).toBeInTheDocument();
    for (const title of [
      'Leads per week',
      'Leads by source page',
      'Leads by channel',
      'First response by salesperson',
      'Leads won',
      'Sales per month',
      'Gross profit per month',
      'Margin per car sold',
      'Reservations ended',
      'Most viewed cars this month',
      'Stock by age',
      'Stock age',
      'Imports',
    ]) {
      expect(screen.getByRole('button', { name: `Export ${title} as CSV` })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Export all leads (CSV)' })).toHaveAttribute('href', '/api/leads/export.csv');
  });

  it('charts the busiest pages by name and the rest as "Other pages", but WhatsApp and its ads always by name', () => {
    const pages = ['/car/*', '/', '/financing', '/brand/*', '/import', '/sell', '/about'];
    expect(chartedSources(pages.slice(0, 6))).toEqual(pages.slice(0, 6));
    expect(chartedSources(pages)).toEqual(['/car/*', '/', '/financing', '/brand/*', '/import', 'Other pages']);
    // The fewest leads of all, an ad's chats still show: they are a channel, not one more page.
    expect(chartedSources([...pages, 'WhatsApp', 'WhatsApp ad'])).toEqual([
      '/car/*',
      '/',
      '/financing',
      '/brand/*',
      '/import',
      'WhatsApp',
      'WhatsApp ad',
      'Other pages',
    ]);
    expect(chartedSources(['WhatsApp ad', ...pages])).toEqual(['WhatsApp ad', '/car/*', '/', '/financing', '/brand/*', '/import', 'Other pages']);
  });
});
