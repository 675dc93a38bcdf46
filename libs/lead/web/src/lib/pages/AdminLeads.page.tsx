import { LEAD_AGES, LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STATUSES, type Lead, type LeadAge, type LeadAssignee, type LeadStatus } from '@dealership/lead-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PagedList, Seo, telHref, whatsappHref } from '@dealership/web-ui';
import { Anchor, Badge, Button, Group, Image, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { dayInWords, LeadDrawer, type LeadExtra } from '../inbox/LeadDrawer';
import { ResponseBadge, useNow } from '../inbox/ResponseBadge';
import { isAge, isAssignee, isKind, isStatus, useLeadParams } from '../inbox/useLeadParams';

/** Leads per page of the inbox. */
export const LEAD_PAGE_SIZE = 20;

/** How long the search waits for typing to pause before it asks the server. */
export const LEAD_SEARCH_DEBOUNCE_MS = 300;

const STATUS_COLORS: Record<LeadStatus, string> = { New: 'orange', Contacted: 'blue', Won: 'green', Lost: 'gray' };

const AGE_LABELS: Record<LeadAge, string> = { today: 'Today', week: 'This week', month: 'This month', older: 'Older' };

const received = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

const kes = (amount: number) => `KES ${amount.toLocaleString('en-KE')}`;

/** A kind's own fields, as label and value. */
function detailLines(lead: Lead): [string, string][] {
  if (lead.details === null) return [];
  switch (lead.kind) {
    case 'trade-in': {
      const car = lead.details;
      return [
        ['Their car', `${car.year} ${car.make} ${car.model}`],
        ['Mileage', `${car.mileage.toLocaleString('en-KE')} km`],
        ['Condition', car.condition],
        ...(car.askingPrice === undefined ? [] : ([['Asking price', kes(car.askingPrice)]] as [string, string][])),
      ];
    }
    case 'import': {
      const wanted = lead.details;
      return [
        ['Wanted', `${wanted.make} ${wanted.model}, ${wanted.yearFrom === wanted.yearTo ? wanted.yearFrom : `${wanted.yearFrom}-${wanted.yearTo}`}`],
        ['Budget', kes(wanted.budget)],
        ...(wanted.colour ? ([['Colour', wanted.colour]] as [string, string][]) : []),
      ];
    }
    case 'financing': {
      const terms = lead.details;
      const share = terms.price > 0 ? ` (${Math.round((terms.deposit / terms.price) * 100)}%)` : '';
      return [
        ['Price', kes(terms.price)],
        ['Deposit', `${kes(terms.deposit)}${share}`],
        ['Term', `${terms.months} months`],
        ['Monthly income', terms.incomeBand],
      ];
    }
    default:
      return [];
  }
}

/** What the buyer told us of their kind of request (their car, the car wanted, the terms), and a trade-in's photos. */
function LeadDetails({ lead }: { lead: Lead }) {
  const lines = detailLines(lead);
  const photos = lead.kind === 'trade-in' ? (lead.details?.photos ?? []) : [];
  if (lines.length === 0 && photos.length === 0) return null;
  return (
    <>
      <Stack gap={2} mt="xs" mb={0} component="dl">
        {lines.map(([label, value]) => (
          <Group key={label} gap={6} wrap="nowrap">
            <Text component="dt" size="sm" c="gray.7">
              {label}:
            </Text>
            <Text component="dd" size="sm" fw={600} m={0}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {photos.length > 0 ? (
        <Group gap="xs" mt="xs" aria-label="Photos of their car" role="list">
          {photos.map((photo, index) => (
            <Anchor key={photo.publicId} href={photo.url} target="_blank" rel="noopener noreferrer" role="listitem">
              <Image src={photo.url} alt={`Photo ${index + 1} of their car`} w={96} h={72} radius="sm" fit="cover" />
            </Anchor>
          ))}
        </Group>
      ) : null}
    </>
  );
}

/** One lead: who, what about, how to reach them, and where the staff are with it. */
function LeadCard({ lead, opened, now, onOpen }: { lead: Lead; opened: boolean; now: Date; onOpen: () => void }) {
  const utils = trpc.useUtils();
  // The lead a staff alert's link names (`?lead=<id>`): brought into view and marked.
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (opened) card.current?.scrollIntoView({ block: 'center' });
  }, [opened]);
  const setStatus = trpc.lead.setStatus.useMutation();
  const addNote = trpc.lead.addNote.useMutation();
  const [status, setStatusValue] = useState<LeadStatus>(lead.status);
  // The latest note, to edit into a new one: every note is appended to the timeline, so only a changed one is sent.
  const [note, setNote] = useState(lead.note ?? '');
  const noteChanged = note.trim() !== '' && note.trim() !== (lead.note ?? '');
  const changed = status !== lead.status || noteChanged;

  const save = async () => {
    try {
      // A note alone is not a status change (the timeline would say so).
      if (status === lead.status) await addNote.mutateAsync({ id: lead.id, body: note });
      else await setStatus.mutateAsync({ id: lead.id, status, ...(noteChanged ? { note } : {}) });
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess(`Lead of ${lead.name} saved: ${status}`);
    await utils.lead.invalidate();
  };

  return (
    <Paper
      ref={card}
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`${LEAD_KIND_LABELS[lead.kind]} from ${lead.name}`}
      aria-current={opened ? 'true' : undefined}
      style={opened ? { borderColor: 'var(--mantine-color-navy-6)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Group gap="xs">
          <Badge color={STATUS_COLORS[lead.status]}>{lead.status}</Badge>
          <Badge variant="light" color="navy">
            {LEAD_KIND_LABELS[lead.kind]}
          </Badge>
          <ResponseBadge lead={lead} now={now} />
        </Group>
        <Text size="sm" c="gray.7">
          <time dateTime={lead.createdAt}>{received.format(new Date(lead.createdAt))}</time>
        </Text>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700}>{lead.name}</Text>
        <Text size="sm" c={lead.assignee ? undefined : 'gray.7'}>
          {lead.assignee ? lead.assignee.name : 'Unassigned'}
        </Text>
      </Group>
      <Group gap="sm" mt={4} wrap="wrap">
        <Anchor href={telHref(lead.phone)} fw={600}>
          {lead.phone}
        </Anchor>
        {/* A WhatsApp lead is answered from the drawer, from the site's number and on the first-response clock. */}
        {lead.kind === 'whatsapp' ? null : (
          <Anchor
            href={whatsappHref(lead.phone, `Hello ${lead.name}, this is Mombasa Car Dealership about your ${LEAD_KIND_LABELS[lead.kind].toLowerCase()}.`)}
            target="_blank"
            rel="noopener noreferrer"
            c="green.8"
            fw={600}
          >
            WhatsApp
          </Anchor>
        )}
        {lead.email ? <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor> : null}
        {lead.emailVerified ? (
          <Badge size="xs" color="teal" variant="light" aria-label="Email verified" title="An account with this email confirmed it">
            verified
          </Badge>
        ) : null}
      </Group>
      {lead.car ? (
        <Text size="sm" mt="xs">
          About{' '}
          <Anchor component={Link} to={sitePath('car', { slug: lead.car.slug })} fw={600}>
            {lead.car.name}
          </Anchor>
        </Text>
      ) : null}
      {lead.preferredDate ? (
        <Text size="sm" mt={4}>
          Preferred day: {dayInWords(lead.preferredDate)}
          {lead.preferredTime ? ` at ${lead.preferredTime}` : ''}
        </Text>
      ) : null}
      {lead.followUpOn ? (
        <Text size="sm" mt={4}>
          Follow up on {dayInWords(lead.followUpOn)}
        </Text>
      ) : null}
      <LeadDetails lead={lead} />
      <Text mt="sm" style={{ whiteSpace: 'pre-line' }}>
        {lead.message}
      </Text>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="md">
        <Select
          label="Status"
          data={[...LEAD_STATUSES]}
          value={status}
          allowDeselect={false}
          onChange={(value) => isStatus(value) && setStatusValue(value)}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Note"
          placeholder="Called, visiting on Saturday…"
          autosize
          minRows={1}
          maxRows={4}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="sm">
        {lead.kind === 'whatsapp' ? (
          <Button size="xs" variant="light" color="green" onClick={onOpen} aria-label={`WhatsApp conversation with ${lead.name}`}>
            WhatsApp conversation
          </Button>
        ) : (
          <Button size="xs" variant="light" onClick={onOpen} aria-label={`Timeline and follow-up of ${lead.name}`}>
            Timeline and follow-up
          </Button>
        )}
        <Button size="xs" onClick={() => void save()} disabled={!changed} loading={setStatus.isPending || addNote.isPending}>
          Save
        </Button>
      </Group>
    </Paper>
  );
}

/** The inbox's search box: typed freely, sent once typing pauses, kept in the URL. */
function LeadSearch({ value, onSearch }: { value: string | undefined; onSearch: (search: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  const send = useDebouncedCallback((next: string) => onSearch(next.trim() || undefined), LEAD_SEARCH_DEBOUNCE_MS);
  // The URL changed by other means (Clear filters, back): the box follows.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  return (
    <TextInput
      type="search"
      label="Search leads"
      placeholder="Name, phone or car"
      value={text}
      maxLength={100}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
    />
  );
}

/**
 * The staff's inbox of buyers' requests (/dashboard/admin/leads): newest first, by assignee, kind,
 * status, age and text. `leadExtras`: sections other domains add to the lead drawer.
 */
export function AdminLeadsPage({ leadExtras }: { leadExtras?: readonly LeadExtra[] } = {}) {
  const { params, update, openedLead, filtered } = useLeadParams();
  const list = trpc.lead.list.useQuery({ ...params, pageSize: LEAD_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const assignees = trpc.lead.assignees.useQuery();
  const now = useNow();
  // The lead whose detail is open; its latest copy comes from the inbox while it is on the page.
  const [detail, setDetail] = useState<Lead | null>(null);
  const shown = detail ? (list.data?.items.find((item) => item.id === detail.id) ?? detail) : null;
  const clear = { search: undefined, assignee: undefined, kind: undefined, status: undefined, age: undefined };

  const assigneeOptions = [
    { value: 'all', label: 'Everyone' },
    { value: 'mine', label: 'Mine' },
    { value: 'pool', label: 'Pool' },
    ...(assignees.data ?? []).map((person: LeadAssignee) => ({ value: person.id, label: person.away ? `${person.name} (away)` : person.name })),
  ];

  const body = (
    <PagedList
      query={list}
      copy={{ loading: 'Loading leads…', error: 'Could not load the leads', noun: ['lead', 'leads'], nav: 'Lead pages' }}
      page={params.page}
      onPageChange={(page) => update({ page })}
      empty={
        <>
          <Text fw={700}>{filtered ? 'No leads match these filters.' : 'No leads yet.'}</Text>
          <Text c="gray.7" mt="xs">
            {filtered
              ? 'Clear the filters to see every lead.'
              : 'Enquiries, test drives, trade-ins, import requests and financing requests from the site, and WhatsApp messages, arrive here.'}
          </Text>
          {filtered ? (
            <Button variant="light" mt="md" onClick={() => update(clear)}>
              Clear filters
            </Button>
          ) : null}
        </>
      }
    >
      {(data) => (
        <>
          {data.items.map((lead) => (
            <LeadCard key={`${lead.id}-${lead.updatedAt}`} lead={lead} opened={lead.id === openedLead} now={now} onOpen={() => setDetail(lead)} />
          ))}
        </>
      )}
    </PagedList>
  );

  return (
    <Stack gap="md">
      <Seo title="Leads" description="Buyers' requests to the dealership." noIndex />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Leads
        </Title>
        {list.data ? (
          <Text size="sm" c="gray.7">
            {list.data.newCount === 1 ? '1 new lead' : `${list.data.newCount} new leads`}
          </Text>
        ) : null}
      </Group>
      <Stack gap="sm" role="search" aria-label="Filter leads">
        <LeadSearch value={params.search} onSearch={(search) => update({ search })} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Select
            label="Assignee"
            data={assigneeOptions}
            value={params.assignee ?? 'all'}
            allowDeselect={false}
            onChange={(value) => update({ assignee: value !== 'all' && isAssignee(value) ? value : undefined })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Kind"
            placeholder="All kinds"
            clearable
            data={LEAD_KINDS.map((kind) => ({ value: kind, label: LEAD_KIND_LABELS[kind] }))}
            value={params.kind ?? null}
            onChange={(value) => update({ kind: isKind(value) ? value : undefined })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            clearable
            data={[...LEAD_STATUSES]}
            value={params.status ?? null}
            onChange={(value) => update({ status: isStatus(value) ? value : undefined })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Age"
            placeholder="Any age"
            clearable
            data={LEAD_AGES.map((age) => ({ value: age, label: AGE_LABELS[age] }))}
            value={params.age ?? null}
            onChange={(value) => update({ age: isAge(value) ? value : undefined })}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      </Stack>
      {body}
      <LeadDrawer lead={shown} onClose={() => setDetail(null)} extras={leadExtras} />
    </Stack>
  );
}
