import { SERVER_ERROR_MESSAGE } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { ErrorState, notifyError, PageLoader, Seo } from '@dealership/web-ui';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { OrdersTable } from './OrdersTable';

/** `/dashboard/user/order`: the signed-in user's orders, newest first, status read-only. */
export function UserOrdersPage() {
  const orders = trpc.order.mine.useQuery();
  const failedAt = orders.isError ? orders.errorUpdatedAt : 0;

  useEffect(() => {
    // Spec §8 "Order fetch failure": one toast per failed load (retries included).
    if (failedAt) notifyError(SERVER_ERROR_MESSAGE);
  }, [failedAt]);

  let body;
  if (orders.isPending) {
    body = <PageLoader label="Loading your orders…" minHeight={200} />;
  } else if (orders.isError) {
    body = (
      <ErrorState
        title="Could not load your orders"
        message="Please check your connection and try again."
        onRetry={() => void orders.refetch()}
        retrying={orders.isRefetching}
      />
    );
  } else if (orders.data.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Stack gap="xs" align="center">
          <Text fw={700}>You have no orders yet.</Text>
          <Text size="sm" c="gray.7">
            Cars you buy appear here with their status.{' '}
            <Anchor component={Link} to="/cars">
              Browse our cars
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    body = <OrdersTable orders={orders.data} />;
  }

  return (
    <Stack gap="md">
      <Seo title="My Orders" description="Your orders with the dealership." noIndex />
      <Title order={1} size="h2">
        My Orders
      </Title>
      {body}
    </Stack>
  );
}
