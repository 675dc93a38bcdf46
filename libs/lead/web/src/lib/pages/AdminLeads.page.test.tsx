import type { Lead } from '@dealership/lead-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminLeadsPage, LEAD_PAGE_SIZE } from './AdminLeads.page';

const lead: Lead = {
  id: '00000000-0000-4000-9000-000000000001',
  kind: 'enquiry',
  name: 'Amina W.',
  phone: '+254712345678',
  email: 'amina@mail.co.ke',
  emailVerified: true,
  message: 'Is it still available?',
  car: { id: '00000000-0000-4000-8000-000000000001', name: 'Toyota Vitz', slug: 'toyota-vitz' },
  preferredDate: '2026-12-05',
  preferredTime: null,
  details: null,
  status: 'New',
  note: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const pageOf = (items: Lead[]) => ({
  items,
  total: items.length,
  newCount: items.filter((item) => item.status === 'New').length,
  page: 1,
  pageSize: LEAD_PAGE_SIZE,
  pageCount: 1,
});

function renderInbox(api: FakeApi, route = '/dashboard/admin/leads') {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <AdminLeadsPage />
    </TestTrpcProvider>,
    { route },
  );
  return calls;
}

describe('AdminLeadsPage', () => {
  it('shows each lead with its car, call and WhatsApp links', async () => {
    const calls = renderInbox(() => ({ data: pageOf([lead]) }));
    const card = await screen.findByRole('article', { name: 'Enquiry from Amina W.' });
    expect(within(card).getByRole('link', { name: '+254712345678' })).toHaveAttribute('href', 'tel:+254712345678');
    expect(within(card).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/254712345678\?text=/));
    expect(within(card).getByRole('link', { name: 'amina@mail.co.ke' })).toHaveAttribute('href', 'mailto:amina@mail.co.ke');
    expect(within(card).getByLabelText('Email verified')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Toyota Vitz' })).toHaveAttribute('href', '/car/toyota-vitz');
    expect(within(card).getByText('Preferred day: Saturday, 5 December 2026')).toBeInTheDocument();
    expect(screen.getByText('1 new lead')).toBeInTheDocument();
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([['lead.list', { page: 1, pageSize: LEAD_PAGE_SIZE }]]);
  });

  it('marks the lead a staff alert links to (?lead=) and brings it into view', async () => {
    const other = { ...lead, id: '00000000-0000-4000-9000-000000000002', name: 'Otieno' };
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    renderInbox(() => ({ data: pageOf([other, lead]) }), `/dashboard/admin/leads?status=New&lead=${lead.id}`);
    const card = await screen.findByRole('article', { name: 'Enquiry from Amina W.' });
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('article', { name: 'Enquiry from Otieno' })).not.toHaveAttribute('aria-current');
    expect(scrolled.mock.instances).toContain(card);
    scrolled.mockRestore();
  });

  it("shows a test drive's day and time, and each kind's details in words, with a trade-in's photos", async () => {
    const leads: Lead[] = [
      {
        ...lead,
        id: '00000000-0000-4000-9000-000000000002',
        kind: 'test-drive',
        name: 'Baraka',
        preferredDate: '2026-12-01',
        preferredTime: '10:30',
        details: null,
      },
      {
        ...lead,
        id: '00000000-0000-4000-9000-000000000003',
        kind: 'trade-in',
        name: 'Wanjiru',
        car: null,
        preferredDate: null,
        details: {
          make: 'Toyota',
          model: 'Fielder',
          year: 2015,
          mileage: 98_000,
          condition: 'Good',
          askingPrice: 850_000,
          photos: [{ url: '/media/documents/side.webp', publicId: 'documents/side' }],
        },
      },
      {
        ...lead,
        id: '00000000-0000-4000-9000-000000000004',
        kind: 'import',
        name: 'Juma',
        car: null,
        preferredDate: null,
        details: { make: 'Mazda', model: 'CX-5', yearFrom: 2020, yearTo: 2022, budget: 3_200_000, colour: 'White' },
      },
      {
        ...lead,
        id: '00000000-0000-4000-9000-000000000005',
        kind: 'financing',
        name: 'Otieno',
        preferredDate: null,
        details: { price: 1_500_000, deposit: 300_000, months: 48, incomeBand: 'KES 100,000-250,000' },
      },
    ];
    renderInbox(() => ({ data: pageOf(leads) }));
    const drive = await screen.findByRole('article', { name: 'Test drive from Baraka' });
    expect(within(drive).getByText('Preferred day: Tuesday, 1 December 2026 at 10:30')).toBeInTheDocument();

    const tradeIn = screen.getByRole('article', { name: 'Trade-in from Wanjiru' });
    const tradeInLines = within(tradeIn)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(tradeInLines).toEqual(['Their car: 2015 Toyota Fielder', 'Mileage: 98,000 km', 'Condition: Good', 'Asking price: KES 850,000']);
    expect(within(tradeIn).getByRole('img', { name: 'Photo 1 of their car' })).toHaveAttribute('src', '/media/documents/side.webp');

    const request = screen.getByRole('article', { name: 'Import on behalf from Juma' });
    expect(
      within(request)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Mazda CX-5, 2020-2022', 'KES 3,200,000', 'White']);
    const financing = screen.getByRole('article', { name: 'Financing from Otieno' });
    expect(
      within(financing)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['KES 1,500,000', 'KES 300,000 (20%)', '48 months', 'KES 100,000-250,000']);
  });

  it('filters by kind and status from the URL, and says when nothing matches', async () => {
    const calls = renderInbox(() => ({ data: pageOf([]) }), '/dashboard/admin/leads?kind=financing&status=Won');
    expect(await screen.findByText('No leads match these filters.')).toBeInTheDocument();
    expect(calls[0].input).toEqual({ kind: 'financing', status: 'Won', page: 1, pageSize: LEAD_PAGE_SIZE });
  });

  it('says so when there are no leads yet', async () => {
    renderInbox(() => ({ data: pageOf([]) }));
    expect(await screen.findByText('No leads yet.')).toBeInTheDocument();
  });

  it('moves a lead to Contacted with a note', async () => {
    const calls = renderInbox((procedure) => ({ data: procedure === 'lead.setStatus' ? { ...lead, status: 'Contacted', note: 'Called' } : pageOf([lead]) }));
    const card = await screen.findByRole('article', { name: 'Enquiry from Amina W.' });
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(within(card).getByRole('textbox', { name: 'Note' }), { target: { value: 'Called' } });
    fireEvent.click(within(card).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Contacted' }));
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.filter((call) => call.procedure === 'lead.setStatus').map((call) => call.input)).toEqual([
        { id: lead.id, status: 'Contacted', note: 'Called' },
      ]),
    );
    expect(await screen.findByText('Lead of Amina W. saved: Contacted')).toBeInTheDocument();
  });
});
