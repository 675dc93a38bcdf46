import { type MpesaPayment, type Order, orderNumber } from '@dealership/order-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatNairobiTime } from '../format/order-format';
import { DepositPaid } from '../mpesa/MpesaDeposit';
import classes from './Checkout.module.css';

/** What happens after each kind of order, in the dealer's words. */
export const NEXT_STEPS = {
  reservation: ['Our sales team will call you within one working day to confirm.', 'Pay at our Mombasa showroom within 48 hours to keep the reservation.'],
  card: ['Your payment went through.', 'Our sales team will call you to arrange delivery.'],
  deposit: ['Our sales team will call you within one working day to confirm.', 'Pay the balance at our Mombasa showroom before the reservation ends.'],
} as const;

/** The placed order: its number, total (or the balance once a deposit is paid) and what happens next. */
export function OrderConfirmation({ order, deposit }: { order: Order; /** The M-Pesa request that paid the deposit. */ deposit?: MpesaPayment }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const method = order.payment.method;
  // The reservation's hold ends when the rules in force said (48 hours by default): the order says when.
  const steps =
    deposit ? NEXT_STEPS.deposit
    : method === 'reservation' && order.holdExpiresAt ? [NEXT_STEPS.reservation[0], `Pay the deposit or visit our Mombasa showroom before ${formatNairobiTime(order.holdExpiresAt)} to keep the reservation.`]
    : NEXT_STEPS[method];
  const cars = order.lines.length;

  // The box replaced the buttons the buyer pressed: move focus (and a screen reader) to the news.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="confirmation-heading" className={classes.confirmation}>
      <Stack gap="sm">
        <Title order={2} size="h3" id="confirmation-heading" ref={heading} tabIndex={-1}>
          {method === 'card' ? 'Payment received' : 'Cars reserved'}
        </Title>
        <Group gap="xl">
          <div>
            <Text size="xs" c="gray.7" tt="uppercase" fw={700}>
              Order number
            </Text>
            <Text fw={800} fz="lg" className={classes.orderNumber}>
              {orderNumber(order.id)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="gray.7" tt="uppercase" fw={700}>
              {method === 'card' ? 'Paid' : 'To pay at the showroom'}
            </Text>
            <Text fw={800} fz="lg" c="navy.8">
              {formatKes(deposit ? order.balance : order.amount)}
            </Text>
          </div>
        </Group>
        {deposit ? <DepositPaid order={order} payment={deposit} /> : null}
        <Text size="sm">{cars === 1 ? `${order.lines[0]?.name ?? 'One car'} is now held for you.` : `${cars} cars are now held for you.`}</Text>
        <Stack component="ol" gap={4} className={classes.steps} aria-label="What happens next">
          {steps.map((step) => (
            <Text component="li" size="sm" key={step}>
              {step}
            </Text>
          ))}
        </Stack>
        <Group>
          <Button component={Link} to={sitePath('userOrders')} variant="light">
            View My Orders
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
