import { MESSAGE_STATUS_LABELS, MESSAGE_TOPIC_LABELS, type Message, type MessageChannel, type MessageStatus } from '@dealership/message-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PagedList, Seo } from '@dealership/web-ui';
import { Button, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';

/** Messages per page of the admin list. */
export const MESSAGE_PAGE_SIZE = 20;

const STATUS_COLORS: Record<MessageStatus, string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  unconfigured: 'gray',
  withheld: 'orange',
  'opted-out': 'gray',
};

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...Object.entries(MESSAGE_STATUS_LABELS).map(([value, label]) => ({ value, label }))];
const CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };
const CHANNEL_OPTIONS = [
  { value: '', label: 'Every channel' },
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'whatsapp', label: 'WhatsApp' },
];

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-KE', { timeZone: 'Africa/Nairobi', dateStyle: 'medium', timeStyle: 'short' });

/** The staff's view of every email and SMS the site wrote: where each is, why one failed, and a resend for those given up on. */
export function AdminMessagesPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<MessageStatus | ''>('');
  const [channel, setChannel] = useState<MessageChannel | ''>('');
  const utils = trpc.useUtils();
  const list = trpc.message.list.useQuery(
    { page, pageSize: MESSAGE_PAGE_SIZE, status: status || undefined, channel: channel || undefined },
    { placeholderData: keepPreviousData, refetchInterval: 15_000 },
  );
  const resend = trpc.message.resend.useMutation();

  const sendAgain = async (message: Message) => {
    try {
      await resend.mutateAsync({ id: message.id });
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess(`Sending again to ${message.recipient}`);
    await utils.message.invalidate();
  };

  const body = (
    <PagedList
      query={list}
      copy={{ loading: 'Loading messages…', error: 'Could not load the messages', noun: ['message', 'messages'], nav: 'Message pages' }}
      page={page}
      onPageChange={setPage}
      countSuffix={(data) => (data.failedCount > 0 ? ` · ${data.failedCount} failed` : '')}
      empty={
        <>
          <Text fw={700}>No messages{status || channel ? ' match these filters' : ' yet'}.</Text>
          <Text c="gray.7" size="sm">
            New leads and orders send an email and an SMS to the staff and the buyer; they are listed here.
          </Text>
        </>
      }
    >
      {(data) => (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Written</Table.Th>
                <Table.Th>Channel</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>About</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((message) => (
                <Table.Tr key={message.id}>
                  <Table.Td>
                    <time dateTime={message.createdAt}>{dateTime(message.createdAt)}</time>
                  </Table.Td>
                  <Table.Td>{CHANNEL_LABELS[message.channel]}</Table.Td>
                  <Table.Td>{message.recipient}</Table.Td>
                  <Table.Td miw={240}>
                    <Text size="sm">{message.summary}</Text>
                    <Text size="xs" c="gray.7">
                      {MESSAGE_TOPIC_LABELS[message.topic]}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {/* Text, not a badge: "not sent: channel not configured" must be read whole, and wraps. */}
                    <Text size="sm" fw={700} c={`${STATUS_COLORS[message.status]}.9`} miw={120}>
                      {MESSAGE_STATUS_LABELS[message.status]}
                    </Text>
                    {message.status === 'pending' && message.nextAttemptAt && message.attempts > 0 ? (
                      <Text size="xs" c="gray.7">
                        next try {dateTime(message.nextAttemptAt)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{message.attempts}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c={message.lastError ? 'red.8' : 'gray.7'}>
                      {message.lastError ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {message.status === 'failed' || message.status === 'unconfigured' || message.status === 'withheld' ? (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void sendAgain(message)}
                        loading={resend.isPending && resend.variables?.id === message.id}
                        aria-label={`Send again to ${message.recipient}`}
                      >
                        Send again
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PagedList>
  );

  return (
    <Stack gap="md">
      <Seo title="Messages" description="Every email and SMS the site sends." noIndex />
      <Title order={1} size="h2">
        Messages
      </Title>
      <Group gap="sm">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => {
            setStatus((value ?? '') as MessageStatus | '');
            setPage(1);
          }}
          allowDeselect={false}
          w={240}
        />
        <Select
          label="Channel"
          data={CHANNEL_OPTIONS}
          value={channel}
          onChange={(value) => {
            setChannel((value ?? '') as MessageChannel | '');
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {body}
    </Stack>
  );
}
