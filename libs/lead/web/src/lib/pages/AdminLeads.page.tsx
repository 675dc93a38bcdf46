import { LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STATUSES, type Lead, type LeadKind, type LeadStatus } from '@dealership/lead-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PagedList, Seo, telHref, whatsappHref } from '@dealership/web-ui';
import { Anchor, Badge, Button, Group, Image, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

/** Leads per page of the inbox. */
export const LEAD_PAGE_SIZE = 20;

const STATUS_COLORS: Record<LeadStatus, string> = { New: 'orange', Contacted: 'blue', Won: 'green', Lost: 'gray' };

const isKind = (value: string | null): value is LeadKind => (LEAD_KINDS as readonly string[]).includes(value ?? '');
const isStatus = (value: string | null): value is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(value ?? '');

/** The inbox's filters and page, kept in the URL (`?kind=&status=&page=`), and the lead a staff alert links to (`?lead=`). */
function useLeadParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = searchParams.get('kind');
  const status = searchParams.get('status');
  const openedLead = searchParams.get('lead');
  const page = Number(searchParams.get('page'));
  const params = { kind: isKind(kind) ? kind : undefined, status: isStatus(status) ? status : undefined, page: Number.isInteger(page) && page > 1 ? page : 1 };
  const update = (change: Partial<typeof params>) => {
    const next = { ...params, page: 1, ...change };
    setSearchParams(
      Object.fromEntries(
        Object.entries({ kind: next.kind, status: next.status, page: next.page > 1 ? String(next.page) : undefined }).filter(
          ([, value]) => value !== undefined,
        ),
      ) as Record<string, string>,
    );
  };
  return { params, update, openedLead };
}

const received = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });
const day = new Intl.DateTimeFormat('en-KE', { dateStyle: 'full', timeZone: 'UTC' });

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
function LeadCard({ lead, opened }: { lead: Lead; opened: boolean }) {
  const utils = trpc.useUtils();
  // The lead a staff alert's link names (`?lead=<id>`): brought into view and marked.
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (opened) card.current?.scrollIntoView({ block: 'center' });
  }, [opened]);
  const setStatus = trpc.lead.setStatus.useMutation();
  const [status, setStatusValue] = useState<LeadStatus>(lead.status);
  const [note, setNote] = useState(lead.note ?? '');
  const changed = status !== lead.status || note.trim() !== (lead.note ?? '');

  const save = async () => {
    try {
      await setStatus.mutateAsync({ id: lead.id, status, note });
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
        </Group>
        <Text size="sm" c="gray.7">
          <time dateTime={lead.createdAt}>{received.format(new Date(lead.createdAt))}</time>
        </Text>
      </Group>
      <Text fw={700}>{lead.name}</Text>
      <Group gap="sm" mt={4} wrap="wrap">
        <Anchor href={telHref(lead.phone)} fw={600}>
          {lead.phone}
        </Anchor>
        <Anchor
          href={whatsappHref(lead.phone, `Hello ${lead.name}, this is Mombasa Car Dealership about your ${LEAD_KIND_LABELS[lead.kind].toLowerCase()}.`)}
          target="_blank"
          rel="noopener noreferrer"
          c="green.8"
          fw={600}
        >
          WhatsApp
        </Anchor>
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
          Preferred day: {day.format(new Date(`${lead.preferredDate}T00:00:00Z`))}
          {lead.preferredTime ? ` at ${lead.preferredTime}` : ''}
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
      <Group justify="flex-end" mt="sm">
        <Button size="xs" onClick={() => void save()} disabled={!changed} loading={setStatus.isPending}>
          Save
        </Button>
      </Group>
    </Paper>
  );
}

/** The staff's inbox of buyers' requests (/dashboard/admin/leads): newest first, by kind and status. */
export function AdminLeadsPage() {
  const { params, update, openedLead } = useLeadParams();
  const list = trpc.lead.list.useQuery({ ...params, pageSize: LEAD_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const filtered = params.kind !== undefined || params.status !== undefined;

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
              : 'Enquiries, test drives, trade-ins, import requests and financing requests from the site arrive here.'}
          </Text>
          {filtered ? (
            <Button variant="light" mt="md" onClick={() => update({ kind: undefined, status: undefined })}>
              Clear filters
            </Button>
          ) : null}
        </>
      }
    >
      {(data) => (
        <>
          {data.items.map((lead) => (
            <LeadCard key={`${lead.id}-${lead.updatedAt}`} lead={lead} opened={lead.id === openedLead} />
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
      <Group gap="sm" role="search" aria-label="Filter leads" align="flex-end">
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
      </Group>
      {body}
    </Stack>
  );
}
