import type { ContentCreateFields } from '@dealership/content-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PagedList, Seo } from '@dealership/web-ui';
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ContentForm } from '../ContentForm/ContentForm';

/** Contents per page of the admin list. */
export const CONTENT_PAGE_SIZE = 20;

/** The activity log of contents: every admin write, by whom and what changed. */
const ACTIVITY_HREF = `${sitePath('adminActivity')}?entity=content`;

/** The admin's list of contents, newest first, with a form to add one. */
export function AdminContentsPage() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const list = trpc.content.list.useQuery({ page, pageSize: CONTENT_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const create = trpc.content.create.useMutation();

  const add = async (values: ContentCreateFields) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess('Content added');
    await utils.content.invalidate();
  };

  return (
    <Stack gap="md">
      <Seo title="Contents" description="The contents of the dealership." noIndex />
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Contents
        </Title>
        <Anchor component={Link} to={ACTIVITY_HREF} size="sm">
          Changes in the activity log
        </Anchor>
      </Group>
      <Paper withBorder radius="md" p="md">
        <ContentForm onSubmit={add} submitLabel="Add" saving={create.isPending} />
      </Paper>
      <PagedList
        query={list}
        copy={{ loading: 'Loading contents…', error: 'Could not load the contents', noun: ['content', 'contents'], nav: 'Content pages' }}
        page={page}
        onPageChange={setPage}
        empty={<Text fw={700}>No contents yet.</Text>}
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
