import type { AlertCreateFields } from '@dealership/alert-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PagedList, Seo } from '@dealership/web-ui';
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AlertForm } from '../AlertForm/AlertForm';

/** Alerts per page of the admin list. */
export const ALERT_PAGE_SIZE = 20;

/** The activity log of alerts: every admin write, by whom and what changed. */
const ACTIVITY_HREF = `${sitePath('adminActivity')}?entity=alert`;

/** The admin's list of alerts, newest first, with a form to add one. */
export function AdminAlertsPage() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const list = trpc.alert.list.useQuery({ page, pageSize: ALERT_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const create = trpc.alert.create.useMutation();

  const add = async (values: AlertCreateFields) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess('Alert added');
    await utils.alert.invalidate();
  };

  return (
    <Stack gap="md">
      <Seo title="Alerts" description="The alerts of the dealership." noIndex />
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Alerts
        </Title>
        <Anchor component={Link} to={ACTIVITY_HREF} size="sm">
          Changes in the activity log
        </Anchor>
      </Group>
      <Paper withBorder radius="md" p="md">
        <AlertForm onSubmit={add} submitLabel="Add" saving={create.isPending} />
      </Paper>
      <PagedList
        query={list}
        copy={{ loading: 'Loading alerts…', error: 'Could not load the alerts', noun: ['alert', 'alerts'], nav: 'Alert pages' }}
        page={page}
        onPageChange={setPage}
        empty={<Text fw={700}>No alerts yet.</Text>}
      >
        {(data) => (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Added</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td>
                    <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleDateString('en-KE')}</time>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
    </Stack>
  );
}
