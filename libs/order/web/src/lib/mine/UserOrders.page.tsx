import type { Order } from '@dealership/order-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { SERVER_ERROR_MESSAGE } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, QueryState, Seo } from '@dealership/web-ui';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { OrdersTable } from '../OrdersTable/OrdersTable';
import { canPayDeposit } from '../format/order-format';
import { OrderReceipt } from './OrderReceipt';
import { PayDepositDialog } from './PayDepositDialog';

/**
 * `/dashboard/user/order`: the signed-in buyer's orders, newest first, status read-only, each with
 * its deposit, balance and hold, a printable receipt, and for a reservation whose deposit is due a
 * way to pay it by M-Pesa.
 */
export function UserOrdersPage() {
  const orders = trpc.order.mine.useQuery();
  // M-Pesa is offered only where the dealer configured it.
  const mpesa = trpc.order.paymentOptions.useQuery().data?.mpesaPayments === true;
  const utils = trpc.useUtils();
  const [receiptOf, setReceiptOf] = useState<Order | null>(null);
  const [depositOf, setDepositOf] = useState<Order | null>(null);
  const failedAt = orders.isError ? orders.errorUpdatedAt : 0;

  useEffect(() => {
    // Spec §8 "Order fetch failure": one toast per failed load (retries included).
    if (failedAt) notifyError(SERVER_ERROR_MESSAGE);
  }, [failedAt]);

  const body = (
    <QueryState
      query={orders}
      loadingLabel="Loading your orders…"
      loaderMinHeight={200}
      errorTitle={SERVER_ERROR_MESSAGE}
      errorMessage="Your orders could not be loaded. Please check your connection and try again."
      isEmpty={(data) => data.length === 0}
      empty={
        <Stack gap="xs" align="center">
          <Text fw={700}>You have no orders yet.</Text>
          <Text size="sm" c="gray.7">
            Cars you reserve or buy appear here with their status.{' '}
            <Anchor component={Link} to={sitePath('cars')} underline="always">
              Browse our cars
            </Anchor>
          </Text>
        </Stack>
      }
    >
      {(data) => (
        <OrdersTable
          orders={data}
          renderActions={(order, number) => (
            <Group gap="xs">
              {mpesa && canPayDeposit(order) ? (
                <Button size="sm" color="green.8" onClick={() => setDepositOf(order)} aria-label={`Pay deposit of order ${number} by M-Pesa`}>
                  Pay deposit by M-Pesa
                </Button>
              ) : null}
              <Button variant="light" size="sm" onClick={() => setReceiptOf(order)} aria-label={`Print receipt of order ${number}`}>
                Print receipt
              </Button>
            </Group>
          )}
        />
      )}
    </QueryState>
  );

  return (
    <Stack gap="md">
      <Seo title="My Orders" description="Your orders with the dealership." noIndex />
      <Title order={1} size="h2">
        My Orders
      </Title>
      {body}
      <OrderReceipt order={receiptOf} onClose={() => setReceiptOf(null)} />
      <PayDepositDialog
        order={depositOf}
        onClose={() => {
          setDepositOf(null);
          // The deposit may have been paid (or a request made) meanwhile.
          void utils.order.mine.invalidate();
        }}
      />
    </Stack>
  );
}
