import type { TestimonialCreateFields } from '@dealership/testimonial-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { ErrorState, notifyError, notifySuccess, PageLoader, PageNav, Seo } from '@dealership/web-ui';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { TestimonialForm } from '../TestimonialForm/TestimonialForm';

/** Testimonials per page of the admin list. */
export const TESTIMONIAL_PAGE_SIZE = 20;

/** The admin's list of testimonials, newest first, with a form to add one. */
export function AdminTestimonialsPage() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const list = trpc.testimonial.list.useQuery({ page, pageSize: TESTIMONIAL_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const create = trpc.testimonial.create.useMutation();

  const add = async (values: TestimonialCreateFields) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess('Testimonial added');
    await utils.testimonial.invalidate();
  };

  let body;
  if (list.isPending) {
    body = <PageLoader label="Loading testimonials…" minHeight={240} />;
  } else if (list.isError) {
    body = (
      <ErrorState
        title="Could not load the testimonials"
        message="Please check your connection and try again."
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  } else if (list.data.items.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Text fw={700}>No testimonials yet.</Text>
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
            {list.data.total === 1 ? '1 testimonial' : `${list.data.total.toLocaleString('en-KE')} testimonials`}
          </Text>
          <PageNav total={list.data.pageCount} page={page} onChange={setPage} label="Testimonial pages" size="sm" />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Seo title="Testimonials" description="The testimonials of the dealership." noIndex />
      <Title order={1} size="h2">
        Testimonials
      </Title>
      <Paper withBorder radius="md" p="md">
        <TestimonialForm onSubmit={add} submitLabel="Add" saving={create.isPending} />
      </Paper>
      {body}
    </Stack>
  );
}
