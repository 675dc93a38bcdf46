import type { Order } from '@dealership/order-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes, formatRelativeTime } from '@dealership/shared-util';
import { Anchor, Badge, Group, Image, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './OrdersTable.module.css';

/** An order as the API lists it (spec §3 "Order"). */
export type OrderRow = Order;

const STATUS_COLORS: Record<string, string> = {
  'Not Process': 'gray',
  Processing: 'blue',
  Shipped: 'indigo',
  deliverd: 'teal',
  cancel: 'red',
};

/** The status as a read-only badge (the customer's view; admins get a dropdown instead). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    // tt="none": the status reads exactly as stored ('deliverd', 'cancel').
    <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'} tt="none">
      {status}
    </Badge>
  );
}

export interface OrdersTableProps {
  orders: readonly OrderRow[];
  /** Renders the status cell; a read-only badge by default. */
  renderStatus?: (order: OrderRow) => ReactNode;
  /** "Now" for the relative dates (tests). */
  now?: Date | number;
}

function OrderLines({ lines }: { lines: OrderRow['lines'] }) {
  return (
    <Stack gap="xs" component="ul" className={classes.products} aria-label="Ordered cars">
      {lines.map((line, index) => (
        <Group key={`${line.id}-${index}`} component="li" gap="sm" wrap="nowrap" align="center">
          <Image
            src={line.imageUrl ?? undefined}
            alt={line.name}
            w={88}
            h={66}
            radius="sm"
            fit="cover"
            loading="lazy"
            fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 3'%3E%3Crect width='4' height='3' fill='%23e9ecef'/%3E%3C/svg%3E"
            style={{ flex: 'none' }}
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={sitePath('car', { slug: line.slug })} fw={600} lineClamp={2}>
              {line.name}
            </Anchor>
            <Text size="sm" fw={700} c="navy.8">
              {formatKes(line.price)}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * One table per order, then its cars (spec §2 "Manage Orders"): index, status, buyer, relative date
 * of creation and a payment badge. Prices are in KES, not the legacy rupee sign and 'Lakhs'.
 */
export function OrdersTable({ orders, renderStatus, now }: OrdersTableProps) {
  return (
    <Stack gap="md">
      {orders.map((order, index) => (
        <Paper
          key={order.id}
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          component="article"
          aria-label={`Order ${index + 1}`}
        >
          {/* Fixed layout: every order's table lines up with the others. */}
          <Table verticalSpacing="xs" horizontalSpacing="sm" layout="fixed" className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={56}>
                  #
                </Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Buyer</Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Payment</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td data-label="#">{index + 1}</Table.Td>
                <Table.Td data-label="Status">
                  {renderStatus ? renderStatus(order) : <OrderStatusBadge status={order.status} />}
                </Table.Td>
                <Table.Td data-label="Buyer">{order.buyer?.name ?? 'Deleted account'}</Table.Td>
                <Table.Td data-label="Date">
                  <time
                    dateTime={new Date(order.createdAt).toISOString()}
                    title={new Date(order.createdAt).toLocaleString('en-KE')}
                  >
                    {formatRelativeTime(order.createdAt, now)}
                  </time>
                </Table.Td>
                <Table.Td data-label="Payment">
                  <Badge color={order.payment.success ? 'teal' : 'red'} variant="filled" tt="none">
                    {order.payment.success ? 'Success' : 'Failed'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Paper bg="gray.0" radius="sm" p="sm" mt="sm">
            <OrderLines lines={order.lines} />
          </Paper>
        </Paper>
      ))}
    </Stack>
  );
}
