import { LEAD_KIND_LABELS, type BuyerLead, type LeadStatus } from '@dealership/lead-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { QueryState } from '@dealership/web-ui';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

const STATUS_COLORS: Record<LeadStatus, string> = { New: 'orange', Contacted: 'blue', Won: 'green', Lost: 'gray' };
// The buyer's words for where the dealer is with their request.
const STATUS_WORDS: Record<LeadStatus, string> = { New: 'Received', Contacted: 'In touch', Won: 'Done', Lost: 'Closed' };

const sent = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeZone: 'Africa/Nairobi' });

function RequestItem({ request }: { request: BuyerLead }) {
  const kind = LEAD_KIND_LABELS[request.kind];
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={request.car ? `${kind} about ${request.car.name}` : kind}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs">
          <Text fw={700}>{kind}</Text>
          <Badge color={STATUS_COLORS[request.status]} title={`Status: ${request.status}`}>
            {STATUS_WORDS[request.status]}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          <time dateTime={request.createdAt}>{sent.format(new Date(request.createdAt))}</time>
        </Text>
      </Group>
      {request.car ? (
        <Text size="sm" mt={4}>
          About{' '}
          <Anchor component={Link} to={sitePath('car', { slug: request.car.slug })} fw={600}>
            {request.car.name}
          </Anchor>
        </Text>
      ) : null}
      <Text size="sm" mt={4} c={request.salesperson ? undefined : 'gray.7'}>
        {request.salesperson ? `Your salesperson: ${request.salesperson}` : 'A salesperson will pick it up soon'}
      </Text>
    </Paper>
  );
}

/** The signed-in buyer's own requests (questions, test drives, trade-ins, imports, financing), newest first, with where the dealer is with each. */
export function MyRequests() {
  const mine = trpc.lead.mine.useQuery();
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-requests-heading">
      <Title order={2} size="h3" id="my-requests-heading">
        My requests
      </Title>
      <QueryState
        query={mine}
        loadingLabel="Loading your requests…"
        loaderMinHeight={120}
        errorTitle="Could not load your requests"
        isEmpty={(data: BuyerLead[]) => data.length === 0}
        empty={
          <>
            <Text fw={700}>No requests yet.</Text>
            <Text c="gray.7" mt="xs">
              Questions, test drives, trade-ins, import and financing requests you send while signed in appear here.
            </Text>
            <Anchor component={Link} to={sitePath('cars')} mt="sm" display="inline-block">
              Browse cars
            </Anchor>
          </>
        }
      >
        {(data: BuyerLead[]) => (
          <Stack gap="sm" component="ul" aria-label="My requests" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.map((request) => (
              <RequestItem key={request.id} request={request} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
