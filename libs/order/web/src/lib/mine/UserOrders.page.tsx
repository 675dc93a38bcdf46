import type { Order } from '@dealership/order-schemas';
import { SERVER_ERROR_MESSAGE } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { ErrorState, notifyError, PageLoader, Seo } from '@dealership/web-ui';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { OrdersTable } from '../OrdersTable/OrdersTable';
import { OrderReceipt } from './OrderReceipt';

/** `/dashboard/user/order`: the signed-in buyer's orders, newest first, status read-only, each with a printable receipt. */
export function UserOrdersPage() {
  const orders = trpc.order.mine.useQuery();
  const [receiptOf, setReceiptOf] = useState<Order | null>(null);
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
        title={SERVER_ERROR_MESSAGE}
        message="Your orders could not be loaded. Please check your connection and try again."
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
            Cars you reserve or buy appear here with their status.{' '}
            <Anchor component={Link} to="/cars" underline="always">
              Browse our cars
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <OrdersTable
        orders={orders.data}
        renderActions={(order, number) => (
          <Button variant="light" size="sm" onClick={() => setReceiptOf(order)} aria-label={`Print receipt of order ${number}`}>
            Print receipt
          </Button>
        )}
      />
    );
  }

  return (
    <Stack gap="md">
      <Seo title="My Orders" description="Your orders with the dealership." noIndex />
      <Title order={1} size="h2">
        My Orders
      </Title>
      {body}
      <OrderReceipt order={receiptOf} onClose={() => setReceiptOf(null)} />
    </Stack>
  );
}
