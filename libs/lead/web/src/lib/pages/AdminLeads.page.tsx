import type { LeadCreateFields } from '@dealership/lead-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { ErrorState, notifyError, notifySuccess, PageLoader, PageNav, Seo } from '@dealership/web-ui';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { LeadForm } from '../LeadForm/LeadForm';

/** Leads per page of the admin list. */
export const LEAD_PAGE_SIZE = 20;

/** The admin's list of leads, newest first, with a form to add one. */
export function AdminLeadsPage() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const list = trpc.lead.list.useQuery({ page, pageSize: LEAD_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const create = trpc.lead.create.useMutation();

  const add = async (values: LeadCreateFields) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess('Lead added');
    await utils.lead.invalidate();
  };

  let body;
  if (list.isPending) {
    body = <PageLoader label="Loading leads…" minHeight={240} />;
  } else if (list.isError) {
    body = (
      <ErrorState
        title="Could not load the leads"
        message="Please check your connection and try again."
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  } else if (list.data.items.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Text fw={700}>No leads yet.</Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="md">
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Added</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>
                  <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleDateString('en-KE')}</time>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.7" aria-live="polite">
            {list.data.total === 1 ? '1 lead' : `${list.data.total.toLocaleString('en-KE')} leads`}
          </Text>
          <PageNav total={list.data.pageCount} page={page} onChange={setPage} label="Lead pages" size="sm" />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Seo title="Leads" description="The leads of the dealership." noIndex />
      <Title order={1} size="h2">
        Leads
      </Title>
      <Paper withBorder radius="md" p="md">
        <LeadForm onSubmit={add} submitLabel="Add" saving={create.isPending} />
      </Paper>
      {body}
    </Stack>
  );
}
