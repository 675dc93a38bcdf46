import { type Order, orderNumber } from '@dealership/order-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import classes from './Checkout.module.css';

/** What happens after each kind of order, in the dealer's words. */
export const NEXT_STEPS = {
  reservation: ['Our sales team will call you within one working day to confirm.', 'Pay at our Mombasa showroom within 48 hours to keep the reservation.'],
  card: ['Your payment went through.', 'Our sales team will call you to arrange delivery.'],
} as const;

/** The placed order: its number, total and what happens next. */
export function OrderConfirmation({ order }: { order: Order }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const method = order.payment.method;
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
              {formatKes(order.amount)}
            </Text>
          </div>
        </Group>
        <Text size="sm">{cars === 1 ? `${order.lines[0]?.name ?? 'One car'} is now held for you.` : `${cars} cars are now held for you.`}</Text>
        <Stack component="ol" gap={4} className={classes.steps} aria-label="What happens next">
          {NEXT_STEPS[method].map((step) => (
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
