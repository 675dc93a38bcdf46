import { LEAD_KIND_LABELS, nairobiToday, type Lead, type LeadAssignee, type LeadEvent } from '@dealership/lead-schemas';
import { describeApiError, useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Alert, Button, Drawer, Group, Loader, Select, Stack, Text, Textarea, TextInput, Timeline, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { WhatsAppConversation } from './WhatsAppConversation';

const at = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });
const day = new Intl.DateTimeFormat('en-KE', { dateStyle: 'full', timeZone: 'UTC' });
/** A calendar day (YYYY-MM-DD) in words. */
export const dayInWords = (date: string) => day.format(new Date(`${date}T00:00:00Z`));

/** What happened, in words. */
function eventTitle(event: LeadEvent): string {
  switch (event.kind) {
    case 'note':
      return 'Note';
    case 'status':
      return event.body ? `Status: ${event.body}` : 'Status changed';
    case 'call':
      return 'Call';
    case 'message':
      return 'Message';
    case 'assigned':
      return event.body ? `Assigned to ${event.body}` : 'Back in the pool';
    case 'follow-up':
      return event.body ? `Follow up on ${dayInWords(event.body)}` : 'Follow-up cleared';
    case 'whatsapp-in':
      return 'WhatsApp from the buyer';
    case 'whatsapp-out':
      return event.author ? `WhatsApp reply by ${event.author}` : 'WhatsApp reply';
  }
}

// The body of these kinds is already in the title.
const BODY_IN_TITLE = new Set<LeadEvent['kind']>(['status', 'assigned', 'follow-up']);

/** The lead's timeline, oldest first: what, by whom and when (Nairobi time). */
function LeadTimeline({ leadId }: { leadId: string }) {
  const timeline = trpc.lead.timeline.useQuery({ id: leadId });
  if (timeline.isPending) return <Loader size="sm" aria-label="Loading the timeline" />;
  if (timeline.error) return <Alert color="red">Could not load the timeline: {describeApiError(timeline.error).message}</Alert>;
  if (timeline.data.length === 0) return <Text c="gray.7">Nothing yet: notes, calls and changes appear here.</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="Timeline" component="ol" active={timeline.data.length - 1}>
      {timeline.data.map((event: LeadEvent) => (
        <Timeline.Item key={event.id} component="li" title={eventTitle(event)}>
          {event.body && !BODY_IN_TITLE.has(event.kind) ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {event.body}
            </Text>
          ) : null}
          <Text size="xs" c="gray.7" mt={2}>
            {event.author ?? 'Automatic'} · <time dateTime={event.createdAt}>{at.format(new Date(event.createdAt))}</time>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The owner's reassignment: to anyone who can take leads, or back to the pool. */
function AssignTo({ lead, assignees, onDone }: { lead: Lead; assignees: LeadAssignee[] | undefined; onDone: () => Promise<void> }) {
  const assign = trpc.lead.assign.useMutation();
  const data = [
    { value: 'pool', label: 'Pool' },
    ...(assignees ?? []).map((person) => ({ value: person.id, label: person.away ? `${person.name} (away)` : person.name })),
  ];
  // The current assignee stays a choice even when no longer among those who take leads.
  if (lead.assignee && !data.some((option) => option.value === lead.assignee?.id)) data.push({ value: lead.assignee.id, label: lead.assignee.name });
  const change = async (value: string | null) => {
    if (!value || value === (lead.assignee?.id ?? 'pool')) return;
    const assigneeId = value === 'pool' ? null : value;
    try {
      const updated = await assign.mutateAsync({ id: lead.id, assigneeId });
      notifySuccess(updated.assignee ? `Lead of ${lead.name} assigned to ${updated.assignee.name}` : `Lead of ${lead.name} is back in the pool`);
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    await onDone();
  };
  return (
    <Select
      label="Assign to"
      data={data}
      value={lead.assignee?.id ?? 'pool'}
      allowDeselect={false}
      disabled={assign.isPending}
      onChange={(value) => void change(value)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The day to call the buyer again: set or cleared. */
function FollowUp({ lead, onDone }: { lead: Lead; onDone: () => Promise<void> }) {
  const setFollowUp = trpc.lead.setFollowUp.useMutation();
  const [on, setOn] = useState(lead.followUpOn ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async (value: string | null) => {
    setError(null);
    try {
      await setFollowUp.mutateAsync({ id: lead.id, on: value });
    } catch (failure) {
      const { message, fieldErrors } = describeApiError(failure);
      setError(fieldErrors['on'] ?? message);
      return;
    }
    notifySuccess(value ? `Follow-up set for ${dayInWords(value)}` : 'Follow-up cleared');
    if (!value) setOn('');
    await onDone();
  };
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      {/* The browser's own date picker (@mantine/dates is not installed). */}
      <TextInput
        type="date"
        label="Follow up on"
        min={nairobiToday()}
        value={on}
        error={error}
        onChange={(event) => setOn(event.currentTarget.value)}
        style={{ flex: '1 1 10rem' }}
      />
      <Button variant="light" onClick={() => void save(on)} disabled={!on || on === lead.followUpOn} loading={setFollowUp.isPending}>
        Set
      </Button>
      {lead.followUpOn ? (
        <Button variant="subtle" color="gray" onClick={() => void save(null)} disabled={setFollowUp.isPending}>
          Clear
        </Button>
      ) : null}
    </Group>
  );
}

/** A call made or a message sent, with what was said (optional). */
function LogContact({ lead, onDone }: { lead: Lead; onDone: () => Promise<void> }) {
  const logContact = trpc.lead.logContact.useMutation();
  const [body, setBody] = useState('');
  const log = async (channel: 'call' | 'message') => {
    try {
      await logContact.mutateAsync({ id: lead.id, channel, ...(body.trim() ? { body: body.trim() } : {}) });
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess(channel === 'call' ? `Call to ${lead.name} logged` : `Message to ${lead.name} logged`);
    setBody('');
    await onDone();
  };
  return (
    <>
      <TextInput label="What was said (optional)" placeholder="No answer, will call back at 2pm" value={body} onChange={(event) => setBody(event.currentTarget.value)} />
      <Group gap="xs">
        <Button variant="light" onClick={() => void log('call')} loading={logContact.isPending && logContact.variables?.channel === 'call'} disabled={logContact.isPending}>
          Log a call
        </Button>
        <Button variant="light" onClick={() => void log('message')} loading={logContact.isPending && logContact.variables?.channel === 'message'} disabled={logContact.isPending}>
          Log a message
        </Button>
      </Group>
    </>
  );
}

/** A note appended to the timeline (never overwriting the ones before). */
function AddNote({ lead, onDone }: { lead: Lead; onDone: () => Promise<void> }) {
  const addNote = trpc.lead.addNote.useMutation();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setError(null);
    try {
      await addNote.mutateAsync({ id: lead.id, body });
    } catch (failure) {
      const { message, fieldErrors } = describeApiError(failure);
      setError(fieldErrors['body'] ?? message);
      return;
    }
    notifySuccess('Note added');
    setBody('');
    await onDone();
  };
  return (
    <>
      <Textarea label="Add a note" autosize minRows={2} maxRows={6} value={body} error={error} onChange={(event) => setBody(event.currentTarget.value)} />
      <Group justify="flex-end">
        <Button onClick={() => void add()} disabled={!body.trim()} loading={addNote.isPending}>
          Add note
        </Button>
      </Group>
    </>
  );
}

export interface LeadDrawerProps {
  /** The lead shown; null when closed. */
  lead: Lead | null;
  onClose: () => void;
  /** What other domains add for a lead (an import request's import, a trade-in's offers), each under its heading; nothing when it renders null. */
  extras?: readonly LeadExtra[];
}

/** A section another domain adds to the lead drawer for some kinds of lead (apps/web composes it: web domains do not import each other). */
export interface LeadExtra {
  title: string;
  kinds: readonly Lead['kind'][];
  render: (lead: Lead) => ReactNode;
}

/**
 * A lead's detail beside the inbox: a WhatsApp lead's conversation and reply box, its timeline
 * (oldest first), a note, a call or message logged, the follow-up day, and for owners the
 * assignee. Full screen on a phone.
 */
export function LeadDrawer({ lead, onClose, extras = [] }: LeadDrawerProps) {
  const utils = trpc.useUtils();
  const owner = useAuth().session?.user.staffRole === 'owner';
  const assignees = trpc.lead.assignees.useQuery(undefined, { enabled: owner && lead !== null });
  const phone = useMediaQuery('(max-width: 48em)');
  // The timeline and the inbox both change with every write.
  const refresh = () => utils.lead.invalidate();

  return (
    <Drawer
      opened={lead !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={lead ? `${LEAD_KIND_LABELS[lead.kind]} from ${lead.name}` : ''}
    >
      {lead ? (
        <Stack gap="lg">
          <Text size="sm">
            {lead.assignee ? `Assigned to ${lead.assignee.name}` : 'Unassigned'} · {lead.status}
            {lead.followUpOn ? ` · Follow up on ${dayInWords(lead.followUpOn)}` : ''}
            {lead.sourcePage ? ` · Sent from ${lead.sourcePage}` : ''}
          </Text>
          {owner ? <AssignTo lead={lead} assignees={assignees.data} onDone={refresh} /> : null}
          {lead.kind === 'whatsapp' ? (
            <Section title="WhatsApp">
              <WhatsAppConversation lead={lead} />
            </Section>
          ) : null}
          {extras
            .filter((extra) => extra.kinds.includes(lead.kind))
            .map((extra) => (
              <Section key={extra.title} title={extra.title}>
                {extra.render(lead)}
              </Section>
            ))}
          <Section title="Follow-up">
            <FollowUp key={lead.followUpOn ?? ''} lead={lead} onDone={refresh} />
          </Section>
          <Section title="Contact">
            <LogContact lead={lead} onDone={refresh} />
          </Section>
          <Section title="Note">
            <AddNote lead={lead} onDone={refresh} />
          </Section>
          <Section title="Timeline">
            <LeadTimeline leadId={lead.id} />
          </Section>
        </Stack>
      ) : null}
    </Drawer>
  );
}
