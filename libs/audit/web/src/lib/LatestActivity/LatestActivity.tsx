import { SITE_ROUTES } from '@dealership/shared-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EventTime } from '../activity/ActivityTable';
import { changeSummary, describeEvent } from '../activity/audit-format';
import classes from './LatestActivity.module.css';

/** Events the admin home shows. */
export const LATEST_ACTIVITY_COUNT = 5;

export interface LatestActivityProps {
  /** "Now" for the relative dates (tests). */
  now?: Date | number;
}

/** The admin home's card of the latest admin writes, with a link to the whole log. */
export function LatestActivity({ now }: LatestActivityProps) {
  const events = trpc.audit.list.useQuery({ page: 1, pageSize: LATEST_ACTIVITY_COUNT });

  let body;
  if (events.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading the latest activity">
        {Array.from({ length: 3 }, (_, index) => (
          <Stack key={index} gap={6}>
            <Skeleton height={14} width="80%" />
            <Skeleton height={10} width="45%" />
          </Stack>
        ))}
      </Stack>
    );
  } else if (events.isError) {
    body = (
      <Group role="alert" justify="space-between" gap="xs">
        <Text size="sm" c="red.9">
          Could not load the latest activity.
        </Text>
        <Button size="compact-sm" variant="light" color="red.8" onClick={() => void events.refetch()} loading={events.isRefetching}>
          Try again
        </Button>
      </Group>
    );
  } else if (events.data.items.length === 0) {
    body = (
      <Text size="sm" c="gray.7">
        No activity yet. Changes admins make to cars, brands and orders appear here.
      </Text>
    );
  } else {
    body = (
      <ul className={classes.list}>
        {events.data.items.map((event) => (
          <li key={event.id} className={classes.item}>
            <Text size="sm" fw={600} className={classes.sentence}>
              {describeEvent(event)}
            </Text>
            <Text size="xs" c="gray.7">
              <EventTime createdAt={event.createdAt} now={now} /> · {changeSummary(event)}
            </Text>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="latest-activity-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id="latest-activity-heading">
            Latest activity
          </Title>
          <Anchor component={Link} to={SITE_ROUTES.adminActivity.path} size="sm" fw={600}>
            See all activity
          </Anchor>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
