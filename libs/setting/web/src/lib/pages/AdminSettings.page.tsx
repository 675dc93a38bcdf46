import type { ReservationRules, Setting, SettingCreateInput } from '@dealership/setting-schemas';
import { formatKes, nairobiDate } from '@dealership/shared-util';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PagedList, Seo } from '@dealership/web-ui';
import { Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { SettingForm, type SettingFormInitial } from '../SettingForm/SettingForm';

/** Rate sets per page of the admin list. */
export const SETTING_PAGE_SIZE = 20;

type Dialog = { kind: 'add'; from: SettingFormInitial } | { kind: 'edit'; setting: Setting } | { kind: 'delete'; setting: Setting } | null;

const percent = (fraction: number) => `${(Math.round(fraction * 1e5) / 1e3).toLocaleString('en-KE')}%`;
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-KE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The reservation rules in short, one line each, for the list. */
function reservationSummary({
  deposit,
  paidHoldDays,
  unpaidHoldHours,
  reminderHoursBeforeExpiry,
  maxUnpaidPerBuyer,
  maxUnpaidCarsPerBuyer,
  maxUnpaidCarsPerAddress,
  tradeInOfferValidDays,
}: ReservationRules): string[] {
  return [
    deposit.kind === 'fixed' ? `${formatKes(deposit.amount)} deposit` : `${deposit.percent}% deposit`,
    `Held ${plural(paidHoldDays, 'day', 'days')} paid`,
    `Held ${plural(unpaidHoldHours, 'hour', 'hours')} unpaid`,
    reminderHoursBeforeExpiry === 0 ? 'No reminder' : `Reminder ${plural(reminderHoursBeforeExpiry, 'hour', 'hours')} before`,
    `Up to ${maxUnpaidPerBuyer} unpaid per buyer`,
    `Up to ${plural(maxUnpaidCarsPerBuyer, 'car', 'cars')} unpaid per buyer, ${maxUnpaidCarsPerAddress} per network`,
    `Trade-in offers valid ${plural(tradeInOfferValidDays, 'day', 'days')}`,
  ];
}

/** In force, scheduled (a later date) or past (a later set has taken over); `items` are latest first. */
function standing(items: Setting[], today: string): Map<string, 'In force' | 'Scheduled' | 'Past'> {
  const result = new Map<string, 'In force' | 'Scheduled' | 'Past'>();
  let inForceFound = false;
  for (const item of items) {
    if (item.effectiveFrom > today) result.set(item.id, 'Scheduled');
    else if (!inForceFound) {
      result.set(item.id, 'In force');
      inForceFound = true;
    } else result.set(item.id, 'Past');
  }
  return result;
}

const STANDING_COLOR = { 'In force': 'green', Scheduled: 'blue', Past: 'gray' } as const;

/**
 * The back office's rate sets (/dashboard/admin/settings): the import-duty rates, financing terms
 * and reservation rules by the date they take effect. A new Finance Act or bank rate is a new set
 * from its date; a mistake is corrected in place. The duty estimator, the financing calculator and
 * reservations use the set in force.
 */
export function AdminSettingsPage() {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const utils = trpc.useUtils();
  const list = trpc.setting.list.useQuery({ page, pageSize: SETTING_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const current = trpc.setting.current.useQuery();
  const create = trpc.setting.create.useMutation();
  const update = trpc.setting.update.useMutation();
  const remove = trpc.setting.remove.useMutation();
  const today = nairobiDate();

  /** Runs a write, tells the outcome, reloads the lists; true when it was done. */
  const write = async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await run();
    } catch (error) {
      notifyError(describeApiError(error).message);
      return false;
    }
    notifySuccess(done);
    await utils.setting.invalidate();
    return true;
  };
  const add = async (values: SettingCreateInput) => {
    if (await write(() => create.mutateAsync(values), `Rates from ${longDate(values.effectiveFrom)} saved`)) setDialog(null);
  };
  const edit = (id: string) => async (values: SettingCreateInput) => {
    if (await write(() => update.mutateAsync({ id, ...values }), 'Rate set corrected')) setDialog(null);
  };
  const confirmDelete = async (setting: Setting) => {
    await write(() => remove.mutateAsync({ id: setting.id }), 'Rate set deleted');
    setDialog(null);
  };
  const startNew = () => {
    const base = current.data ?? list.data?.items[0];
    if (base) setDialog({ kind: 'add', from: { effectiveFrom: today, duty: base.duty, finance: base.finance, reservation: base.reservation, note: '' } });
  };

  const body = (
    <PagedList
      query={list}
      copy={{ loading: 'Loading rate sets…', error: 'Could not load the rate sets', noun: ['rate set', 'rate sets'], nav: 'Rate set pages' }}
      page={page}
      onPageChange={setPage}
      empty={
        <>
          <Text fw={700}>No rate sets yet.</Text>
          <Text c="gray.7" mt="xs">
            The calculators use KRA's November 2026 rates until you add a set.
          </Text>
        </>
      }
    >
      {(data) => {
        const standings = standing(data.items, today);
        return (
          <Table.ScrollContainer minWidth={960}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Takes effect</Table.Th>
                  <Table.Th>Import duty</Table.Th>
                  <Table.Th>Excise (to 1,500 cc)</Table.Th>
                  <Table.Th>VAT</Table.Th>
                  <Table.Th>IDF / RDL</Table.Th>
                  <Table.Th>Eight-year rule</Table.Th>
                  <Table.Th>Interest</Table.Th>
                  <Table.Th>Reservations</Table.Th>
                  <Table.Th>Note</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => {
                  const status = standings.get(item.id) ?? 'Past';
                  return (
                    <Table.Tr key={item.id} aria-label={`Rates from ${item.effectiveFrom}`}>
                      <Table.Td miw={120}>
                        <Stack gap={4}>
                          <time dateTime={item.effectiveFrom}>{longDate(item.effectiveFrom)}</time>
                          <Badge color={STANDING_COLOR[status]} variant="light" w="fit-content">
                            {status}
                          </Badge>
                        </Stack>
                      </Table.Td>
                      <Table.Td>{percent(item.duty.importDuty)}</Table.Td>
                      <Table.Td>{percent(item.duty.exciseSmall)}</Table.Td>
                      <Table.Td>{percent(item.duty.vat)}</Table.Td>
                      <Table.Td>
                        {percent(item.duty.idf)} / {percent(item.duty.rdl)}
                      </Table.Td>
                      <Table.Td>{item.duty.cutoffYear} or later</Table.Td>
                      <Table.Td>{item.finance.annualRatePercent}% a year</Table.Td>
                      <Table.Td miw={190}>
                        {reservationSummary(item.reservation).map((line) => (
                          <Text key={line} size="sm">
                            {line}
                          </Text>
                        ))}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={2}>
                          {item.note ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button variant="default" size="xs" onClick={() => setDialog({ kind: 'edit', setting: item })}>
                            Edit
                          </Button>
                          <Button variant="light" color="red" size="xs" onClick={() => setDialog({ kind: 'delete', setting: item })} disabled={data.total <= 1}>
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        );
      }}
    </PagedList>
  );

  const editing = dialog?.kind === 'edit' ? dialog.setting : null;
  const adding = dialog?.kind === 'add' ? dialog.from : null;
  const deleting = dialog?.kind === 'delete' ? dialog.setting : null;
  return (
    <Stack gap="md">
      <Seo title="Rates" description="The import-duty rates, financing terms and reservation rules the site uses." noIndex />
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Rates
          </Title>
          <Text c="gray.7" size="sm">
            The import-duty estimator, the financing calculator and reservations use the set in force.
          </Text>
        </Stack>
        <Button onClick={startNew} disabled={!current.data && !list.data}>
          New rate set
        </Button>
      </Group>
      {body}
      <Modal
        opened={adding !== null || editing !== null}
        onClose={() => setDialog(null)}
        title={editing ? `Correct the rates from ${longDate(editing.effectiveFrom)}` : 'New rate set'}
        size="xl"
        centered
      >
        {adding || editing ? (
          <SettingForm
            key={editing?.id ?? 'new'}
            initialValues={editing ?? (adding as SettingFormInitial)}
            onSubmit={editing ? edit(editing.id) : add}
            submitLabel={editing ? 'Save correction' : 'Save rate set'}
            saving={create.isPending || update.isPending}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDialog(null)} title="Delete rate set" centered>
        {deleting ? (
          <Stack gap="md">
            <Text>
              Delete the rates from {longDate(deleting.effectiveFrom)}? The calculators use the set before it from then on. This cannot be undone (the activity
              log keeps what it held).
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDialog(null)}>
                Keep it
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete(deleting)}>
                Delete
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
