import type { Lead, LeadEvent } from '@dealership/lead-schemas';
import { callsOf, TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LeadDrawer } from './LeadDrawer';

const lead: Lead = {
  id: '00000000-0000-4000-9000-000000000001',
  kind: 'test-drive',
  name: 'Amina W.',
  phone: '+254712345678',
  email: null,
  emailVerified: false,
  message: '',
  car: null,
  preferredDate: null,
  preferredTime: null,
  details: null,
  status: 'New',
  note: null,
  assignee: { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f52', name: 'Salim' },
  firstResponseAt: null,
  followUpOn: null,
  sourcePage: null,
  createdAt: '2026-11-23T07:00:00.000Z',
  updatedAt: '2026-11-23T07:00:00.000Z',
};

const timeline: LeadEvent[] = [
  { id: '00000000-0000-4000-9100-000000000001', kind: 'assigned', author: null, body: 'Salim', createdAt: '2026-11-23T07:00:00.000Z' },
  { id: '00000000-0000-4000-9100-000000000002', kind: 'call', author: 'Salim', body: 'No answer', createdAt: '2026-11-23T07:10:00.000Z' },
  { id: '00000000-0000-4000-9100-000000000003', kind: 'note', author: 'Fatuma', body: 'Prefers WhatsApp', createdAt: '2026-11-23T09:30:00.000Z' },
];

const assignees = [
  { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f52', name: 'Salim', away: false },
  { id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f53', name: 'Neema', away: true },
];

function signIn(staffRole: 'owner' | 'sales') {
  const user = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Fatuma', email: 'fatuma@dealer.test', phone: '0712000000', address: 'Mombasa', role: 1, staffRole, emailVerified: true };
  window.localStorage.setItem('auth', JSON.stringify({ user, token: 'test-token' }));
}

function renderDrawer(answer: FakeApi = () => ({ data: lead }), shown: Lead = lead) {
  const calls: FakeCall[] = [];
  const api: FakeApi = (procedure, input) =>
    procedure === 'lead.timeline' ? { data: timeline } : procedure === 'lead.assignees' ? { data: assignees } : answer(procedure, input);
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <LeadDrawer lead={shown} onClose={() => undefined} />
    </TestTrpcProvider>,
  );
  return calls;
}

describe('LeadDrawer', () => {
  beforeEach(() => signIn('sales'));
  afterEach(() => window.localStorage.clear());

  it('shows the timeline oldest first, with who and when (Nairobi time)', async () => {
    const calls = renderDrawer();
    const dialog = await screen.findByRole('dialog', { name: 'Test drive from Amina W.' });
    const list = await within(dialog).findByRole('list', { name: 'Timeline' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Assigned to SalimAutomatic · 23 Nov 2026, 10:00/),
      expect.stringMatching(/^CallNo answerSalim · 23 Nov 2026, 10:10/),
      expect.stringMatching(/^NotePrefers WhatsAppFatuma · 23 Nov 2026, 12:30/),
    ]);
    expect(callsOf(calls, 'lead.timeline').map((call) => call.input)).toEqual([{ id: lead.id }]);
    expect(within(dialog).getByText(/Assigned to Salim · New/)).toBeInTheDocument();
  });

  it('says which page of the site the lead was sent from', async () => {
    renderDrawer(undefined, { ...lead, sourcePage: '/car/toyota-prado-2019' });
    const dialog = await screen.findByRole('dialog', { name: 'Test drive from Amina W.' });
    expect(within(dialog).getByText('Assigned to Salim · New · Sent from /car/toyota-prado-2019')).toBeInTheDocument();
  });

  it('adds a note, appended to the timeline, and refreshes it', async () => {
    const calls = renderDrawer((procedure) => ({ data: procedure === 'lead.addNote' ? timeline[2] : lead }));
    const dialog = await screen.findByRole('dialog', { name: 'Test drive from Amina W.' });
    const add = within(dialog).getByRole('button', { name: 'Add note' });
    expect(add).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Add a note' }), { target: { value: 'Prefers WhatsApp' } });
    fireEvent.click(add);
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    expect(callsOf(calls, 'lead.addNote').map((call) => call.input)).toEqual([{ id: lead.id, body: 'Prefers WhatsApp' }]);
    expect(within(dialog).getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
    await waitFor(() => expect(callsOf(calls, 'lead.timeline')).toHaveLength(2));
  });

  it('shows the server refusing a note', async () => {
    renderDrawer((procedure) =>
      procedure === 'lead.addNote' ? { error: { code: 'BAD_REQUEST', message: 'Invalid input', fieldErrors: { body: ['Note must be at most 2000 characters'] } } } : { data: lead },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Test drive from Amina W.' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Add a note' }), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText('Note must be at most 2000 characters')).toBeInTheDocument();
  });

  it('logs a call with what was said, and a message without words', async () => {
    const calls = renderDrawer();
    const dialog = await screen.findByRole('dialog', { name: 'Test drive from Amina W.' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What was said (optional)' }), { target: { value: 'Coming Saturday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log a call' }));
    expect(await screen.findByText('Call to Amina W. logged')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log a message' }));
    expect(await screen.findByText('Message to Amina W. logged')).toBeInTheDocument();
    expect(callsOf(calls, 'lead.logContact').map((call) => call.input)).toEqual([
      { id: lead.id, channel: 'call', body: 'Coming Saturday' },
      { id: lead.id, channel: 'message' },
    ]);
  });

  it('sets a follow-up day, and clears it', async () => {
    const calls = renderDrawer(() => ({ data: lead }), { ...lead, followUpOn: '2026-12-01' });
    const dialog = await screen.findByRole('dialog', { name: 'Test drive from Amina W.' });
    const date = within(dialog).getByLabelText('Follow up on');
    expect(date).toHaveValue('2026-12-01');
    expect(within(dialog).getByRole('button', { name: 'Set' })).toBeDisabled();
    fireEvent.change(date, { target: { value: '2026-12-05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set' }));
    expect(await screen.findByText('Follow-up set for Saturday, 5 December 2026')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Follow-up cleared')).toBeInTheDocument();
    expect(callsOf(calls, 'lead.setFollowUp').map((call) => call.input)).toEqual([
      { id: lead.id, on: '2026-12-05' },
      { id: lead.id, on: null },
    ]);
  });

  it('shows no reassignment to sales', async () => {
    const calls = renderDrawer();
    const dialog = await screen.findByRole('dialog', { name: 'Test drive from Amina W.' });
    await within(dialog).findByRole('list', { name: 'Timeline' });
    expect(within(dialog).queryByRole('combobox', { name: 'Assign to' })).toBeNull();
    expect(callsOf(calls, 'lead.assignees')).toEqual([]);
  });

  it('lets an owner assign to someone or back to the pool', async () => {
    signIn('owner');
    const calls = renderDrawer((procedure, input) =>
      procedure === 'lead.assign'
        ? { data: { ...lead, assignee: (input as { assigneeId: string | null }).assigneeId ? { id: assignees[1].id, name: 'Neema' } : null } }
        : { data: lead },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Test drive from Amina W.' });
    const select = within(dialog).getByRole('combobox', { name: 'Assign to' });
    expect(select).toHaveValue('Salim');
    fireEvent.click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Pool', 'Salim', 'Neema (away)']);
    fireEvent.click(options[2]);
    expect(await screen.findByText('Lead of Amina W. assigned to Neema')).toBeInTheDocument();
    fireEvent.click(select);
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Pool' }));
    expect(await screen.findByText('Lead of Amina W. is back in the pool')).toBeInTheDocument();
    expect(callsOf(calls, 'lead.assign').map((call) => call.input)).toEqual([
      { id: lead.id, assigneeId: assignees[1].id },
      { id: lead.id, assigneeId: null },
    ]);
  });

  it("shows the server's refusal of a reassignment", async () => {
    signIn('owner');
    renderDrawer((procedure) => (procedure === 'lead.assign' ? { error: { code: 'FORBIDDEN', message: 'Only owners can reassign leads' } } : { data: lead }));
    const dialog = await screen.findByRole('dialog', { name: 'Test drive from Amina W.' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Assign to' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Pool' }));
    expect(await screen.findByText('Only owners can reassign leads')).toBeInTheDocument();
  });
});
