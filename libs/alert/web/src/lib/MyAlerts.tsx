import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifySuccess, QueryState } from '@dealership/web-ui';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A signed-in buyer's alerts on their dashboard: each saved search or watched price, and a way to remove it. */
export function MyAlerts() {
  const utils = trpc.useUtils();
  const mine = trpc.alert.mine.useQuery();
  const remove = trpc.alert.remove.useMutation({
    onSuccess: () => {
      notifySuccess('Alert removed');
      return utils.alert.mine.invalidate();
    },
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-alerts">
      <Title order={2} size="h3" id="my-alerts">
        My alerts
      </Title>
      <QueryState query={mine} loadingLabel="Loading your alerts" errorTitle="Your alerts could not be loaded" loaderMinHeight={80} isEmpty={(alerts) => alerts.length === 0} empty={<Text c="gray.7">No alerts yet: save a search on the cars page, or watch a car's price from its page.</Text>}>
        {(alerts) => (
          <Stack gap="xs">
            {alerts.map((alert) => (
              <Paper key={alert.id} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" c="gray.7">
                      {alert.kind === 'price' ? 'Price drop of' : 'New cars for'}
                    </Text>
                    <Anchor component={Link} to={alert.href}>
                      {alert.label}
                    </Anchor>
                  </div>
                  <Button variant="subtle" color="red" size="xs" onClick={() => remove.mutate({ id: alert.id })} loading={remove.isPending && remove.variables?.id === alert.id} aria-label={`Remove the alert ${alert.label}`}>
                    Remove
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
      {remove.error ? (
        <Text c="red.8" size="sm" role="alert">
          {describeApiError(remove.error).message}
        </Text>
      ) : null}
    </Stack>
  );
}
