import type { Lead, LeadEvent, WhatsAppConversation, WhatsAppMessage } from '@dealership/lead-schemas';
import { callsOf, TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LeadDrawer } from './LeadDrawer';
import { WHATSAPP_REFRESH_MS } from './WhatsAppConversation';

const lead: Lead = {
  id: '00000000-0000-4000-9000-000000000001',
  kind: 'whatsapp',
  name: 'Amina W.',
  phone: '+254712345678',
  email: null,
  emailVerified: false,
  message: 'Is ST-00012 still available?',
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

const message = (n: number, fields: Partial<WhatsAppMessage>): WhatsAppMessage => ({
  id: `00000000-0000-4000-9200-00000000000${n}`,
  direction: 'out',
  text: '',
  author: 'Salim',
  at: '2026-11-23T07:00:00.000Z',
  status: null,
  error: null,
  ...fields,
});

const messages: WhatsAppMessage[] = [
  message(1, { direction: 'in', text: 'Is ST-00012 still available?', author: null, at: '2026-11-23T07:00:00.000Z' }),
  message(2, { text: 'Yes, it is.', at: '2026-11-23T07:05:00.000Z', status: 'read' }),
  message(3, { text: 'Come on Saturday.', at: '2026-11-23T07:06:00.000Z', status: 'delivered' }),
  message(4, { text: 'We are on Moi Avenue.', at: '2026-11-23T07:07:00.000Z', status: 'sent' }),
  message(5, { text: 'See you.', at: '2026-11-23T07:08:00.000Z', status: 'failed', error: 'The buyer’s number is not on WhatsApp' }),
  message(6, { text: 'Karibu!', at: '2026-11-23T07:09:00.000Z', status: 'pending' }),
  message(7, { direction: 'in', text: '[Photo] My Probox', author: null, at: '2026-11-23T07:10:00.000Z', photoUrl: '/media/leads/probox.webp' }),
];

const conversation: WhatsAppConversation = {
  configured: true,
  windowOpen: true,
  windowClosesAt: '2026-11-24T07:00:00.000Z',
  templates: [{ name: 'follow_up', language: 'en', text: 'Hello {{1}}, are you still looking for a car?' }],
  quickReplies: [
    { label: 'Price', text: 'The Toyota Prado is KES 5,200,000, negotiable.' },
    { label: 'Location', text: 'We are on Moi Avenue, Mombasa.' },
  ],
  messages,
};

const timeline: LeadEvent[] = [
  {
    id: '00000000-0000-4000-9100-000000000001',
    kind: 'whatsapp-in',
    author: null,
    body: 'Is ST-00012 still available?',
    createdAt: '2026-11-23T07:00:00.000Z',
  },
  { id: '00000000-0000-4000-9100-000000000002', kind: 'whatsapp-out', author: 'Salim', body: 'Yes, it is.', createdAt: '2026-11-23T07:05:00.000Z' },
];

function signIn() {
  const user = {
    id: '00000000-0000-4000-8000-0000000000aa',
    name: 'Salim',
    email: 'salim@dealer.test',
    phone: '0712000000',
    address: 'Mombasa',
    role: 1,
    staffRole: 'sales',
  };
  window.localStorage.setItem('auth', JSON.stringify({ user: { ...user, emailVerified: true }, token: 'test-token' }));
}

/** The drawer of a WhatsApp lead over a fake API answering `shown` for `lead.whatsapp`; `reply` answers `lead.whatsappReply`. */
function renderDrawer(shown: WhatsAppConversation = conversation, reply: FakeApi = () => ({ data: shown })) {
  const calls: FakeCall[] = [];
  const api: FakeApi = (procedure, input) => {
    if (procedure === 'lead.whatsapp') return { data: shown };
    if (procedure === 'lead.whatsappReply') return reply(procedure, input);
    if (procedure === 'lead.timeline') return { data: timeline };
    return { data: null };
  };
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <LeadDrawer lead={lead} onClose={() => undefined} />
    </TestTrpcProvider>,
  );
  return calls;
}

async function whatsappSection() {
  const dialog = await screen.findByRole('dialog', { name: 'WhatsApp from Amina W.' });
  return within(dialog).getByRole('region', { name: 'WhatsApp' });
}

describe('WhatsApp in the lead drawer', () => {
  beforeEach(() => signIn());
  afterEach(() => window.localStorage.clear());

  it("shows the conversation with each reply's status, and the timeline's WhatsApp rows", async () => {
    const calls = renderDrawer();
    const section = await whatsappSection();
    const log = await within(section).findByRole('log', { name: 'WhatsApp conversation' });
    const bubbles = within(log).getAllByRole('listitem');
    expect(bubbles.map((bubble) => bubble.textContent)).toEqual([
      expect.stringMatching(/^Is ST-00012 still available\?Amina W\. · 23 Nov 2026, 10:00$/),
      expect.stringMatching(/^Yes, it is\.Salim · 23 Nov 2026, 10:05 · ✓✓ Read$/),
      expect.stringMatching(/^Come on Saturday\.Salim · 23 Nov 2026, 10:06 · ✓✓ Delivered$/),
      expect.stringMatching(/^We are on Moi Avenue\.Salim · 23 Nov 2026, 10:07 · ✓ Sent$/),
      expect.stringMatching(/^See you\.Salim · 23 Nov 2026, 10:08 · ⚠ Failed: The buyer’s number is not on WhatsApp$/),
      expect.stringMatching(/^Karibu!Salim · 23 Nov 2026, 10:09 · 🕓 Sending$/),
      expect.stringMatching(/^\[Photo\] My ProboxAmina W\. · 23 Nov 2026, 10:10$/),
    ]);
    // A picture the buyer sent, opened full size from the bubble.
    const photo = within(bubbles[6]).getByRole('img', { name: 'Photo from Amina W.' });
    expect(photo).toHaveAttribute('src', '/media/leads/probox.webp');
    expect(photo.closest('a')).toHaveAttribute('href', '/media/leads/probox.webp');
    // The buyer's on the left, the staff's on the right.
    expect(bubbles[0]).toHaveClass('in');
    expect(bubbles[1]).toHaveClass('out');
    expect(within(section).getByText(/Free replies until/)).toHaveTextContent('Free replies until 24 Nov 2026, 10:00');
    expect(callsOf(calls, 'lead.whatsapp').map((call) => call.input)).toEqual([{ id: lead.id }]);

    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^WhatsApp from the buyerIs ST-00012 still available\?Automatic · /),
      expect.stringMatching(/^WhatsApp reply by SalimYes, it is\.Salim · /),
    ]);
  });

  it('asks again every few seconds while open, so status callbacks and new messages show', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const calls: FakeCall[] = [];
      let shown = [messages[0], { ...messages[1], status: 'sent' as const }];
      const api: FakeApi = (procedure) =>
        procedure === 'lead.whatsapp' ? { data: { ...conversation, messages: shown } } : { data: procedure === 'lead.timeline' ? [] : null };
      renderWithProviders(
        <TestTrpcProvider api={api} calls={calls}>
          <LeadDrawer lead={lead} onClose={() => undefined} />
        </TestTrpcProvider>,
      );
      await act(() => jest.advanceTimersByTimeAsync(100));
      const log = screen.getByRole('log', { name: 'WhatsApp conversation' });
      expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent(/Sent$/);
      expect(callsOf(calls, 'lead.timeline')).toHaveLength(1);
      const more = message(8, { direction: 'in', text: 'Can I come at 3?', author: null, at: '2026-11-23T07:30:00.000Z' });
      shown = [messages[0], { ...messages[1], status: 'delivered' }, more];
      await act(() => jest.advanceTimersByTimeAsync(WHATSAPP_REFRESH_MS));
      const bubbles = within(log).getAllByRole('listitem');
      expect(bubbles[1]).toHaveTextContent(/Delivered$/);
      expect(bubbles[2]).toHaveTextContent(/^Can I come at 3\?/);
      expect(callsOf(calls, 'lead.whatsapp')).toHaveLength(2);
      // The buyer's new message is on the timeline too.
      expect(callsOf(calls, 'lead.timeline')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends a reply, shows it, and refreshes the timeline (first response)', async () => {
    const sent = message(9, { text: 'It is available. Come on Saturday.', at: '2026-11-23T08:00:00.000Z', status: 'pending' });
    const calls = renderDrawer(conversation, () => ({ data: { ...conversation, messages: [...messages, sent] } }));
    const section = await whatsappSection();
    const box = await within(section).findByRole('textbox', { name: 'Reply on WhatsApp' });
    const send = within(section).getByRole('button', { name: 'Send on WhatsApp' });
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: 'It is available. Come on Saturday.' } });
    fireEvent.click(send);
    const log = within(section).getByRole('log', { name: 'WhatsApp conversation' });
    expect(await within(log).findByText('It is available. Come on Saturday.')).toBeInTheDocument();
    expect(callsOf(calls, 'lead.whatsappReply').map((call) => call.input)).toEqual([{ id: lead.id, text: 'It is available. Come on Saturday.' }]);
    await waitFor(() => expect(box).toHaveValue(''));
    await waitFor(() => expect(callsOf(calls, 'lead.timeline')).toHaveLength(2));
    // The answer is the conversation: not asked for again.
    expect(callsOf(calls, 'lead.whatsapp')).toHaveLength(1);
  });

  it('keeps what was typed when the server refuses it, and says why', async () => {
    const refusal = 'The 24-hour window is closed: send an approved template';
    renderDrawer(conversation, () => ({ error: { code: 'BAD_REQUEST', message: refusal } }));
    const section = await whatsappSection();
    const box = await within(section).findByRole('textbox', { name: 'Reply on WhatsApp' });
    fireEvent.change(box, { target: { value: 'Still there?' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send on WhatsApp' }));
    expect(await within(section).findByText(refusal)).toBeInTheDocument();
    expect(box).toHaveValue('Still there?');
  });

  it('fills the box with a quick reply, to edit before sending', async () => {
    const calls = renderDrawer();
    const section = await whatsappSection();
    const quick = await within(section).findByRole('group', { name: 'Quick replies' });
    fireEvent.click(within(quick).getByRole('button', { name: 'Price' }));
    const box = within(section).getByRole('textbox', { name: 'Reply on WhatsApp' });
    expect(box).toHaveValue('The Toyota Prado is KES 5,200,000, negotiable.');
    expect(box).toHaveFocus();
    fireEvent.change(box, { target: { value: 'The Toyota Prado is KES 5,100,000 this week.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send on WhatsApp' }));
    await waitFor(() =>
      expect(callsOf(calls, 'lead.whatsappReply').map((call) => call.input)).toEqual([{ id: lead.id, text: 'The Toyota Prado is KES 5,100,000 this week.' }]),
    );
  });

  it('offers only the approved templates once the window closed, and sends one', async () => {
    const closed = { ...conversation, windowOpen: false, windowClosesAt: '2026-11-22T07:00:00.000Z' };
    const calls = renderDrawer(closed);
    const section = await whatsappSection();
    expect(await within(section).findByText('The 24-hour window is closed: WhatsApp allows only an approved template now.')).toBeInTheDocument();
    expect(within(section).queryByRole('textbox', { name: 'Reply on WhatsApp' })).toBeNull();
    expect(within(section).queryByRole('group', { name: 'Quick replies' })).toBeNull();
    const send = within(section).getByRole('button', { name: 'Send template' });
    expect(send).toBeDisabled();
    fireEvent.click(within(section).getByRole('combobox', { name: 'Template' }));
    const option = within(await screen.findByRole('listbox')).getByRole('option', { name: 'Hello Amina W., are you still looking for a car?' });
    fireEvent.click(option);
    expect(within(section).getByLabelText('Template preview')).toHaveTextContent('Hello Amina W., are you still looking for a car?');
    fireEvent.click(send);
    await waitFor(() => expect(callsOf(calls, 'lead.whatsappReply').map((call) => call.input)).toEqual([{ id: lead.id, template: 'follow_up' }]));
  });

  it('offers nothing to send when WhatsApp is not set up', async () => {
    renderDrawer({ ...conversation, configured: false, windowOpen: false, windowClosesAt: null, templates: [], quickReplies: [] });
    const section = await whatsappSection();
    expect(await within(section).findByText('WhatsApp is not set up on this site.')).toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).queryByRole('button', { name: /Send/ })).toBeNull();
  });
});
