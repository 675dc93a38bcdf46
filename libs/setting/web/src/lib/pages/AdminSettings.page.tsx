import type { SettingCreateFields } from '@dealership/setting-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { ErrorState, notifyError, notifySuccess, PageLoader, PageNav, Seo } from '@dealership/web-ui';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { SettingForm } from '../SettingForm/SettingForm';

/** Settings per page of the admin list. */
export const SETTING_PAGE_SIZE = 20;

/** The admin's list of settings, newest first, with a form to add one. */
export function AdminSettingsPage() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const list = trpc.setting.list.useQuery({ page, pageSize: SETTING_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const create = trpc.setting.create.useMutation();

  const add = async (values: SettingCreateFields) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess('Setting added');
    await utils.setting.invalidate();
  };

  let body;
  if (list.isPending) {
    body = <PageLoader label="Loading settings…" minHeight={240} />;
  } else if (list.isError) {
    body = (
      <ErrorState
        title="Could not load the settings"
        message="Please check your connection and try again."
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  } else if (list.data.items.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Text fw={700}>No settings yet.</Text>
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
            {list.data.total === 1 ? '1 setting' : `${list.data.total.toLocaleString('en-KE')} settings`}
          </Text>
          <PageNav total={list.data.pageCount} page={page} onChange={setPage} label="Setting pages" size="sm" />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Seo title="Settings" description="The settings of the dealership." noIndex />
      <Title order={1} size="h2">
        Settings
      </Title>
      <Paper withBorder radius="md" p="md">
        <SettingForm onSubmit={add} submitLabel="Add" saving={create.isPending} />
      </Paper>
      {body}
    </Stack>
  );
}
