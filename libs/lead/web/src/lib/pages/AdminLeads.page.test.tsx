import type { Lead, LeadAssignee } from '@dealership/lead-schemas';
import { callsOf, TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
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
  assignee: null,
  firstResponseAt: null,
  followUpOn: null,
  sourcePage: null,
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

/** Shows the inbox's URL, to assert the filters written to it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const salim = { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f52', name: 'Salim', away: false };
const neema = { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f53', name: 'Neema', away: true };

function renderInbox(answer: FakeApi, route = '/dashboard/admin/leads', assignees: LeadAssignee[] = []) {
  const calls: FakeCall[] = [];
  // The Assignee filter's choices.
  const api: FakeApi = (procedure, input) => (procedure === 'lead.assignees' ? { data: assignees } : answer(procedure, input));
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <AdminLeadsPage />
      <LocationProbe />
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
    expect(callsOf(calls, 'lead.list').map((call) => call.input)).toEqual([{ page: 1, pageSize: LEAD_PAGE_SIZE }]);
    expect(within(card).getByText('Unassigned')).toBeInTheDocument();
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
    expect(callsOf(calls, 'lead.list')[0].input).toEqual({ kind: 'financing', status: 'Won', page: 1, pageSize: LEAD_PAGE_SIZE });
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

  it('sends a note only when it changed: a status change keeps the latest note out, a note alone is added as a note', async () => {
    const calls = renderInbox((procedure) => ({ data: procedure === 'lead.addNote' ? {} : pageOf([{ ...lead, note: 'Called on Monday' }]) }));
    const card = await screen.findByRole('article', { name: 'Enquiry from Amina W.' });
    const note = within(card).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveValue('Called on Monday');
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(note, { target: { value: 'Visiting Saturday' } });
    fireEvent.click(save);
    expect(await screen.findByText('Lead of Amina W. saved: New')).toBeInTheDocument();
    expect(callsOf(calls, 'lead.addNote').map((call) => call.input)).toEqual([{ id: lead.id, body: 'Visiting Saturday' }]);
    expect(callsOf(calls, 'lead.setStatus')).toEqual([]);

    fireEvent.change(note, { target: { value: 'Called on Monday' } });
    fireEvent.click(within(card).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Won' }));
    fireEvent.click(save);
    await waitFor(() => expect(callsOf(calls, 'lead.setStatus').map((call) => call.input)).toEqual([{ id: lead.id, status: 'Won' }]));
  });

  it('searches and filters by assignee, kind, status and age, all in the URL', async () => {
    const calls = renderInbox(() => ({ data: pageOf([]) }), `/dashboard/admin/leads?assignee=mine&age=week&kind=import&page=2`);
    expect(await screen.findByText('No leads match these filters.')).toBeInTheDocument();
    expect(callsOf(calls, 'lead.list')[0].input).toEqual({ assignee: 'mine', age: 'week', kind: 'import', page: 2, pageSize: LEAD_PAGE_SIZE });
    expect(screen.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Mine');
    expect(screen.getByRole('combobox', { name: 'Age' })).toHaveValue('This week');

    // Typed quickly: one search once typing pauses, the filters kept, back to the first page.
    const search = screen.getByRole('searchbox', { name: 'Search leads' });
    fireEvent.change(search, { target: { value: 'Ami' } });
    fireEvent.change(search, { target: { value: 'Amina ' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/leads?search=Amina&assignee=mine&kind=import&age=week'));
    await waitFor(() => expect(callsOf(calls, 'lead.list').at(-1)?.input).toEqual({ search: 'Amina', assignee: 'mine', kind: 'import', age: 'week', page: 1, pageSize: LEAD_PAGE_SIZE }));
    expect(callsOf(calls, 'lead.list').filter((call) => (call.input as { search?: string }).search === 'Ami')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/admin\/leads$/));
    expect(search).toHaveValue('');
  });

  it('offers Everyone, Mine, Pool and each assignee, and filters by one', async () => {
    const calls = renderInbox(() => ({ data: pageOf([{ ...lead, assignee: { id: salim.id, name: 'Salim' } }]) }), undefined, [salim, neema]);
    const card = await screen.findByRole('article', { name: 'Enquiry from Amina W.' });
    expect(within(card).getByText('Salim')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('combobox', { name: 'Assignee' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Everyone', 'Mine', 'Pool', 'Salim', 'Neema (away)']);
    fireEvent.click(options[2]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/leads?assignee=pool'));
    await waitFor(() => expect(callsOf(calls, 'lead.list').at(-1)?.input).toEqual({ assignee: 'pool', page: 1, pageSize: LEAD_PAGE_SIZE }));
  });

  it("opens a lead's timeline and follow-up beside the inbox", async () => {
    const calls = renderInbox((procedure) => ({ data: procedure === 'lead.timeline' ? [] : pageOf([{ ...lead, followUpOn: '2026-12-01' }]) }));
    const card = await screen.findByRole('article', { name: 'Enquiry from Amina W.' });
    expect(within(card).getByText('Follow up on Tuesday, 1 December 2026')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Timeline and follow-up of Amina W.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enquiry from Amina W.' });
    expect(await within(dialog).findByText('Nothing yet: notes, calls and changes appear here.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Follow up on')).toHaveValue('2026-12-01');
    expect(callsOf(calls, 'lead.timeline').map((call) => call.input)).toEqual([{ id: lead.id }]);
  });

  it('opens a WhatsApp lead at its conversation, answered from the drawer rather than a wa.me link', async () => {
    const whatsapp: Lead = { ...lead, kind: 'whatsapp', email: null, emailVerified: false, car: null, preferredDate: null };
    const conversation = { configured: true, windowOpen: true, windowClosesAt: null, templates: [], quickReplies: [], messages: [] };
    renderInbox((procedure) => ({ data: procedure === 'lead.timeline' ? [] : procedure === 'lead.whatsapp' ? conversation : pageOf([whatsapp]) }));
    const card = await screen.findByRole('article', { name: 'WhatsApp from Amina W.' });
    expect(within(card).queryByRole('link', { name: 'WhatsApp' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'WhatsApp conversation with Amina W.' }));
    const dialog = await screen.findByRole('dialog', { name: 'WhatsApp from Amina W.' });
    expect(await within(dialog).findByRole('textbox', { name: 'Reply on WhatsApp' })).toBeInTheDocument();
  });

  describe('response time', () => {
    // Monday 23 November 2026, 10:20 in Nairobi: open since 08:00.
    const now = new Date('2026-11-23T10:20:00+03:00');
    beforeEach(() => {
      // Only the clock is fixed; timers run as usual for react-query and Testing Library.
      jest.useFakeTimers({
        now,
        doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'hrtime'],
      });
    });
    afterEach(() => jest.useRealTimers());

    it('shows how long a New lead has waited in opening hours: amber after 5 minutes, red after 15, then the first response time', async () => {
      const at = (time: string) => `2026-11-23T${time}:00+03:00`;
      const leads: Lead[] = [
        { ...lead, id: '00000000-0000-4000-9000-000000000011', name: 'Fresh', createdAt: at('10:18') },
        { ...lead, id: '00000000-0000-4000-9000-000000000012', name: 'Warm', createdAt: at('10:13') },
        { ...lead, id: '00000000-0000-4000-9000-000000000013', name: 'Late', createdAt: at('10:00') },
        // Sent on Sunday evening, when the showroom is closed: counted from Monday 08:00.
        { ...lead, id: '00000000-0000-4000-9000-000000000014', name: 'Weekend', createdAt: '2026-11-22T19:00:00+03:00' },
        { ...lead, id: '00000000-0000-4000-9000-000000000015', name: 'Answered', status: 'Contacted', createdAt: at('10:00'), firstResponseAt: at('10:04') },
        { ...lead, id: '00000000-0000-4000-9000-000000000016', name: 'Old', status: 'Won', createdAt: at('09:00') },
      ];
      renderInbox(() => ({ data: pageOf(leads) }));
      const badge = async (name: string, text: string) => {
        const card = await screen.findByRole('article', { name: `Enquiry from ${name}` });
        return within(card).getByText(text).closest('.mantine-Badge-root') as HTMLElement;
      };
      const fresh = await badge('Fresh', 'Waiting 2 min');
      expect(fresh).toHaveAttribute('data-level', 'ok');
      const warm = await badge('Warm', 'Waiting 7 min');
      expect(warm).toHaveAttribute('data-level', 'warn');
      expect(warm.style.getPropertyValue('--badge-bg')).toContain('amber');
      // Dark text on the amber, for contrast.
      expect(warm.style.getPropertyValue('--badge-color')).toContain('black');
      const late = await badge('Late', 'Waiting 20 min');
      expect(late).toHaveAttribute('data-level', 'late');
      expect(late.style.getPropertyValue('--badge-bg')).toContain('red');
      expect(await badge('Weekend', 'Waiting 2 h 20 min')).toHaveAttribute('data-level', 'late');
      expect(await badge('Answered', 'First response in 4 min')).toHaveAttribute('data-level', 'answered');
      const old = screen.getByRole('article', { name: 'Enquiry from Old' });
      expect(within(old).queryByText(/Waiting|First response/)).toBeNull();
    });
  });
});
