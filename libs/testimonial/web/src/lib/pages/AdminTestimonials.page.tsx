import type { Testimonial, TestimonialCreateFields } from '@dealership/testimonial-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PagedList, Seo, StarRating } from '@dealership/web-ui';
import { Badge, Blockquote, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { testimonialCredit } from '../credit/testimonial-credit';
import { EMPTY_TESTIMONIAL, TestimonialForm } from '../TestimonialForm/TestimonialForm';

/** Testimonials per page of the admin list. */
export const TESTIMONIAL_PAGE_SIZE = 20;

/** What the dialog is doing: adding one, editing one, or asking before a deletion. */
type Dialog = { kind: 'add' } | { kind: 'edit'; testimonial: Testimonial } | { kind: 'delete'; testimonial: Testimonial } | null;

/**
 * The back office's testimonials (/dashboard/admin/testimonials): every one, newest first, with
 * adding, editing, publishing and deleting. Visitors see the published ones on /testimonials.
 */
export function AdminTestimonialsPage() {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const utils = trpc.useUtils();
  const list = trpc.testimonial.manage.useQuery({ page, pageSize: TESTIMONIAL_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const create = trpc.testimonial.create.useMutation();
  const update = trpc.testimonial.update.useMutation();
  const remove = trpc.testimonial.remove.useMutation();

  /** Runs a write, tells the outcome, reloads the lists; true when it was done. */
  const write = async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await run();
    } catch (error) {
      notifyError(describeApiError(error).message);
      return false;
    }
    notifySuccess(done);
    await utils.testimonial.invalidate();
    return true;
  };

  const add = async (values: TestimonialCreateFields) => {
    if (await write(() => create.mutateAsync(values), 'Testimonial added')) setDialog(null);
  };
  const edit = (id: string) => async (values: TestimonialCreateFields) => {
    if (await write(() => update.mutateAsync({ id, ...values }), 'Testimonial saved')) setDialog(null);
  };
  const setPublished = (testimonial: Testimonial, published: boolean) =>
    write(() => update.mutateAsync({ id: testimonial.id, published }), published ? 'Testimonial published' : 'Testimonial hidden from the site');
  const confirmDelete = async (testimonial: Testimonial) => {
    await write(() => remove.mutateAsync({ id: testimonial.id }), 'Testimonial deleted');
    setDialog(null);
  };

  const body = (
    <PagedList
      query={list}
      copy={{ loading: 'Loading testimonials…', error: 'Could not load the testimonials', noun: ['testimonial', 'testimonials'], nav: 'Testimonial pages' }}
      page={page}
      onPageChange={setPage}
      empty={
        <>
          <Text fw={700}>No testimonials yet.</Text>
          <Text c="gray.7" mt="xs">
            Add what a customer said about buying from you: it appears on the Testimonials page.
          </Text>
        </>
      }
    >
      {(data) => (
        <>
          {data.items.map((item) => (
            <Paper key={item.id} withBorder radius="md" p="md" aria-label={`Testimonial by ${item.name}`} component="article">
              <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
                <Group gap="sm">
                  <StarRating value={item.rating} label={`${item.name}'s rating`} />
                  {item.published ? null : (
                    <Badge color="gray" variant="light">
                      Hidden
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="gray.7">
                  Added{' '}
                  <time dateTime={item.createdAt}>
                    {new Date(item.createdAt).toLocaleDateString('en-KE', { day: 'numeric', month: 'short', year: 'numeric' })}
                  </time>
                </Text>
              </Group>
              <Text style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
                {item.quote}
              </Text>
              <Text fw={600} mt="xs">
                — {testimonialCredit(item)}
              </Text>
              <Group justify="space-between" mt="md" gap="sm">
                <Switch
                  label="Published"
                  checked={item.published}
                  onChange={(event) => void setPublished(item, event.currentTarget.checked)}
                  disabled={update.isPending}
                />
                <Group gap="xs">
                  <Button variant="default" size="xs" onClick={() => setDialog({ kind: 'edit', testimonial: item })}>
                    Edit
                  </Button>
                  <Button variant="light" color="red" size="xs" onClick={() => setDialog({ kind: 'delete', testimonial: item })}>
                    Delete
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </>
      )}
    </PagedList>
  );

  const editing = dialog?.kind === 'edit' ? dialog.testimonial : null;
  const deleting = dialog?.kind === 'delete' ? dialog.testimonial : null;
  return (
    <Stack gap="md">
      <Seo title="Testimonials" description="The testimonials the site shows." noIndex />
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Testimonials
        </Title>
        <Button onClick={() => setDialog({ kind: 'add' })}>Add testimonial</Button>
      </Group>
      {body}

      <Modal
        opened={dialog?.kind === 'add' || editing !== null}
        onClose={() => setDialog(null)}
        title={editing ? 'Edit testimonial' : 'Add testimonial'}
        size="lg"
        centered
      >
        <TestimonialForm
          key={editing?.id ?? 'new'}
          initialValues={editing ? { ...editing, location: editing.location ?? '', carName: editing.carName ?? '' } : EMPTY_TESTIMONIAL}
          onSubmit={editing ? edit(editing.id) : add}
          submitLabel={editing ? 'Save' : 'Add'}
          saving={create.isPending || update.isPending}
          onCancel={() => setDialog(null)}
        />
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDialog(null)} title="Delete testimonial" centered>
        {deleting ? (
          <Stack gap="md">
            <Text>Delete the testimonial of {deleting.name}? It leaves the site at once and cannot be undone.</Text>
            <Blockquote p="sm" color="gray">
              <Text lineClamp={3} size="sm">
                {deleting.quote}
              </Text>
            </Blockquote>
            <Text size="sm" c="gray.7">
              To take it off the site for now, switch off Published instead.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDialog(null)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button color="red" onClick={() => void confirmDelete(deleting)} loading={remove.isPending}>
                Delete
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
