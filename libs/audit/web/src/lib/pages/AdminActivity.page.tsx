import { AUDIT_ENTITIES } from '@dealership/audit-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { PagedList, Seo } from '@dealership/web-ui';
import { Anchor, Box, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ActivityTable } from '../activity/ActivityTable';
import { readActivityParams, withFilter, writeActivityParams, type ActivityParams } from '../activity/activity-params';
import { ACTIVITY_FILTERS, ACTIVITY_SELECTS } from '../activity/audit-format';

/** Events per page of the activity screen. */
export const ACTIVITY_PAGE_SIZE = 20;

/** `/dashboard/admin/activity`: the audit log of admin writes, newest first, filtered by entity, paged, both in the URL. */
export function AdminActivityPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readActivityParams(searchParams), [searchParams]);
  const events = trpc.audit.list.useQuery(
    { entity: params.entity, category: params.category, outcome: params.outcome, page: params.page, pageSize: ACTIVITY_PAGE_SIZE },
    // The previous page stays on screen while the next one loads: no flash of a spinner.
    { placeholderData: keepPreviousData },
  );
  const go = (next: ActivityParams) => setSearchParams((current) => writeActivityParams(current, next));

  const body = (
    <PagedList
      query={events}
      copy={{ loading: 'Loading activity…', error: 'Could not load the activity', noun: ['event', 'events'], nav: 'Activity pages' }}
      page={params.page}
      onPageChange={(page) => go({ ...params, page })}
      empty={(data) => {
        const beyondLastPage = params.page > 1 && data.total > 0;
        const about = ACTIVITY_FILTERS.find((filter) => filter.value === params.entity)?.label.toLowerCase();
        return (
          <Stack gap="xs" align="center">
            <Text fw={700}>{beyondLastPage ? 'There is nothing on this page.' : about ? `No activity about ${about} yet.` : 'No activity yet.'}</Text>
            <Text size="sm" c="gray.7">
              {beyondLastPage ? (
                <Anchor component="button" type="button" onClick={() => go({ ...params, page: 1 })}>
                  Go to the first page
                </Anchor>
              ) : (
                'Changes admins make to cars, brands and orders, and sign-ins and other security events, appear here.'
              )}
            </Text>
          </Stack>
        );
      }}
    >
      {(data) => (
        // While another page or filter loads, the previous one stays, dimmed.
        <Box aria-busy={events.isPlaceholderData} opacity={events.isPlaceholderData ? 0.6 : 1}>
          <ActivityTable events={data.items} />
        </Box>
      )}
    </PagedList>
  );

  return (
    <Stack gap="md">
      <Seo title="Activity" description="What admins changed in the catalogue and the orders." noIndex />
      <Title order={1} size="h2">
        Activity
      </Title>
      <SegmentedControl
        aria-label="Show activity about"
        data={ACTIVITY_FILTERS.map((filter) => ({ ...filter }))}
        value={params.entity ?? 'all'}
        onChange={(value) => go({ ...params, entity: AUDIT_ENTITIES.find((entity) => entity === value), page: 1 })}
        fullWidth
        maw={480}
      />
      <Group gap="md" align="flex-end">
        {ACTIVITY_SELECTS.map((select) => (
          <NativeSelect
            key={select.param}
            label={select.label}
            data={select.options.map((option) => ({ ...option }))}
            value={params[select.param] ?? ''}
            // Read back through readActivityParams, so only a known value reaches the query.
            onChange={(event) => setSearchParams((current) => withFilter(current, select.param, event.currentTarget.value))}
          />
        ))}
      </Group>
      {body}
    </Stack>
  );
}
