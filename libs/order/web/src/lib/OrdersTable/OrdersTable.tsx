import type { Order } from '@dealership/order-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes, formatRelativeTime } from '@dealership/shared-util';
import { Anchor, Badge, Group, Image, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OrderStatusBadge, PaymentBadge } from '../badges/OrderBadges';
import { formatOrderDate, orderNumber } from '../format/order-format';
import { BuyerContact } from './BuyerContact';
import { OrderDepositDetails, OrderPaymentDetails } from './OrderPaymentDetails';
import classes from './OrdersTable.module.css';

export interface OrdersTableProps {
  orders: readonly Order[];
  /** The number of the first order: a later page goes on counting where the previous one ended. */
  firstNumber?: number;
  /** Renders the status cell; a read-only badge by default (the admin screen passes a dropdown). */
  renderStatus?: (order: Order, number: number) => ReactNode;
  /** Adds the buyer's phone (call and WhatsApp links) and address, as they were when the order was placed. */
  showContact?: boolean;
  /** The staff's view of each payment: method, reference, amount and time, deposit, hold and M-Pesa requests (otherwise the buyer's deposit, balance and hold). */
  showPayments?: boolean;
  /** Buttons under an order, beside its total (the buyer's "Print receipt"). */
  renderActions?: (order: Order, number: number) => ReactNode;
  /** "Now" for the relative dates (tests). */
  now?: Date | number;
}

const PLACEHOLDER_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 3'%3E%3Crect width='4' height='3' fill='%23e9ecef'/%3E%3C/svg%3E";

/** The cars of an order as bought: picture, name (a link to the car) and price at purchase. */
function OrderLines({ lines }: { lines: Order['lines'] }) {
  return (
    <Stack gap="xs" component="ul" className={classes.lines} aria-label="Ordered cars">
      {lines.map((line) => (
        <Group key={line.id} component="li" gap="sm" wrap="nowrap" align="center">
          <Image
            src={line.imageUrl ?? undefined}
            alt={line.name}
            w={88}
            h={66}
            radius="sm"
            fit="cover"
            loading="lazy"
            fallbackSrc={PLACEHOLDER_IMAGE}
            className={classes.thumb}
          />
          <Stack gap={2} miw={0}>
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

/** When an order was placed: relative, with the exact date and time as its tooltip. */
export function OrderTime({ createdAt, now }: { createdAt: string; now?: Date | number }) {
  const date = new Date(createdAt);
  return (
    <time dateTime={date.toISOString()} title={formatOrderDate(date)}>
      {formatRelativeTime(date, now)}
    </time>
  );
}

/**
 * One table per order, then its cars (spec §2 "Manage Orders", and My Orders with the status
 * read-only): number, status, buyer, relative date and a payment badge. Prices are in KES, not the
 * legacy rupee sign and 'Lakhs'. On a phone each table scrolls sideways inside its own box.
 */
export function OrdersTable({ orders, firstNumber = 1, renderStatus, showContact = false, showPayments = false, renderActions, now }: OrdersTableProps) {
  return (
    <Stack gap="md">
      {orders.map((order, index) => {
        const number = firstNumber + index;
        return (
          <Paper key={order.id} component="article" aria-label={`Order ${orderNumber(order)}`} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Text size="xs" c="gray.7" mb={4}>
              {`Order No. ${orderNumber(order)}`}
            </Text>
            <Table.ScrollContainer minWidth={showContact ? 840 : 600} type="native" className={classes.scroll}>
              {/* Fixed layout: every order's table lines up with the others. */}
              <Table verticalSpacing="xs" horizontalSpacing="sm" layout="fixed" className={classes.table}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w={48}>
                      #
                    </Table.Th>
                    <Table.Th scope="col" w={renderStatus ? 170 : 140}>
                      Status
                    </Table.Th>
                    <Table.Th scope="col">Buyer</Table.Th>
                    <Table.Th scope="col" w={120}>
                      Date
                    </Table.Th>
                    <Table.Th scope="col" w={140}>
                      Payment
                    </Table.Th>
                    {showContact ? (
                      <Table.Th scope="col" w={220}>
                        Contact
                      </Table.Th>
                    ) : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{number}</Table.Td>
                    <Table.Td>{renderStatus ? renderStatus(order, number) : <OrderStatusBadge status={order.status} />}</Table.Td>
                    <Table.Td className={classes.wrap}>
                      {order.buyer?.name ?? order.contact.name ?? 'Deleted account'}
                      {/* The staff's view only: the buyer confirmed the account's email address. */}
                      {showContact && order.buyer?.emailVerified ? (
                        <Badge
                          size="xs"
                          color="teal"
                          variant="light"
                          ml={6}
                          aria-label="Email verified"
                          title="The buyer confirmed the account's email address"
                        >
                          verified
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <OrderTime createdAt={order.createdAt} now={now} />
                    </Table.Td>
                    <Table.Td>
                      <PaymentBadge payment={order.payment} />
                    </Table.Td>
                    {showContact ? (
                      <Table.Td className={classes.wrap}>
                        <BuyerContact order={order} />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Paper bg="gray.0" radius="sm" p="sm" mt="sm">
              <OrderLines lines={order.lines} />
            </Paper>
            {showPayments ? <OrderPaymentDetails order={order} /> : <OrderDepositDetails order={order} />}
            <Group justify="space-between" align="center" gap="sm" mt="sm">
              <Text size="sm">
                Total{' '}
                <Text span fw={800} c="navy.8">
                  {formatKes(order.amount)}
                </Text>
              </Text>
              {renderActions ? renderActions(order, number) : null}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
