import type { Message } from '@dealership/message-schemas';
import { TestTrpcProvider, type FakeApi, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminMessagesPage, MESSAGE_PAGE_SIZE } from './AdminMessages.page';

const sent: Message = {
  id: '00000000-0000-4000-9000-000000000001',
  channel: 'email',
  recipient: 'sales@dealer.test',
  topic: 'lead.staff',
  reference: '00000000-0000-4000-9000-00000000000a',
  summary: 'New test drive: Amina Njeri',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  sentAt: '2026-11-23T10:00:01.000Z',
  nextAttemptAt: null,
};
const failed: Message = {
  ...sent,
  id: '00000000-0000-4000-9000-000000000002',
  channel: 'sms',
  recipient: '+254712345678',
  topic: 'lead.buyer',
  summary: 'Mombasa Car Dealership: we got your request.',
  status: 'failed',
  attempts: 9,
  lastError: "sms: Africa's Talking refused the credentials (HTTP 401)",
  sentAt: null,
};
const pageOf = (items: Message[]) => ({
  items,
  total: items.length,
  failedCount: items.filter((m) => m.status === 'failed').length,
  page: 1,
  pageSize: MESSAGE_PAGE_SIZE,
  pageCount: 1,
});

function renderList(api: FakeApi) {
  const calls: FakeCall[] = [];
  renderWithProviders(
    <TestTrpcProvider api={api} calls={calls}>
      <AdminMessagesPage />
    </TestTrpcProvider>,
  );
  return { calls };
}

describe('AdminMessagesPage', () => {
  it('lists each message with its channel, recipient, subject, status, attempts and last error', async () => {
    const { calls } = renderList(() => ({ data: pageOf([sent, failed]) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByText('sales@dealer.test')).toBeInTheDocument();
    expect(within(first).getByText('New test drive: Amina Njeri')).toBeInTheDocument();
    expect(within(first).getByText('Sent')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Send again/ })).not.toBeInTheDocument();
    expect(within(second).getByText('Failed')).toBeInTheDocument();
    expect(within(second).getByText("sms: Africa's Talking refused the credentials (HTTP 401)")).toBeInTheDocument();
    expect(screen.getByText('2 messages · 1 failed')).toBeInTheDocument();
    expect(calls.map((call) => [call.procedure, call.input])).toEqual([['message.list', { page: 1, pageSize: MESSAGE_PAGE_SIZE }]]);
  });

  it('sends a failed message again through message.resend', async () => {
    const { calls } = renderList((procedure) => ({ data: procedure === 'message.resend' ? { ...failed, status: 'pending', attempts: 0 } : pageOf([failed]) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send again to +254712345678' }));
    await waitFor(() => expect(calls.filter((call) => call.procedure === 'message.resend').map((call) => call.input)).toEqual([{ id: failed.id }]));
  });

  it('says so when there are none', async () => {
    renderList(() => ({ data: pageOf([]) }));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});
