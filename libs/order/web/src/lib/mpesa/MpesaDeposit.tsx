import type { MpesaPayment, Order } from '@dealership/order-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { formatNairobiTime } from '../format/order-format';
import type { MpesaPhoneFormProps } from './MpesaPhoneForm';
import classes from './MpesaDeposit.module.css';
import { type MpesaDeposit, MPESA_WAITING_MESSAGE } from './use-mpesa-deposit';

// The phone form checks the number with the server's schema: it (and zod) loads when the buyer chooses M-Pesa.
const MpesaPhoneFormLazy = lazy(async () => ({ default: (await import('./MpesaPhoneForm')).MpesaPhoneForm }));

/** The Safaricom number and the submit button, loaded on first use. */
export function MpesaPhoneField(props: MpesaPhoneFormProps) {
  return (
    <Suspense
      fallback={
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading…</Text>
        </Group>
      }
    >
      <MpesaPhoneFormLazy {...props} />
    </Suspense>
  );
}

/** What M-Pesa asks for now and what is left for the showroom. */
export function DepositSummary({ deposit, balance }: { deposit: number; balance: number }) {
  return (
    <dl className={classes.summary}>
      <div className={classes.row}>
        <dt>Deposit by M-Pesa now</dt>
        <dd>{formatKes(deposit)}</dd>
      </div>
      <div className={classes.row}>
        <dt>Balance due at the showroom</dt>
        <dd>{formatKes(balance)}</dd>
      </div>
    </dl>
  );
}

const carsWord = (order: Pick<Order, 'lines'>) => (order.lines.length === 1 ? 'Your car is' : 'Your cars are');

/** The paid deposit: its M-Pesa receipt and how long the cars are now held. */
export function DepositPaid({ order, payment }: { order: Order; payment: MpesaPayment }) {
  const receipt = payment.receipt ?? order.deposit?.receipt;
  return (
    <Stack gap={4} className={classes.paid} role="group" aria-label="Deposit paid">
      <Text fw={800} c="green.9">
        Deposit paid
      </Text>
      <Text size="sm">
        {formatKes(payment.amount)}
        {receipt ? ` · M-Pesa receipt ${receipt}` : null}
      </Text>
      {order.holdExpiresAt ? <Text size="sm" fw={600}>{`${carsWord(order)} reserved until ${formatNairobiTime(order.holdExpiresAt)}`}</Text> : null}
      <Text size="sm" c="gray.7">{`Balance due at the showroom: ${formatKes(order.balance)}`}</Text>
    </Stack>
  );
}

export interface MpesaDepositProgressProps {
  mpesa: MpesaDeposit;
  /** The order whose deposit is asked. */
  order: Order;
  /** Offer a link to My Orders beside the note that the reservation still holds (the cart). */
  showOrdersLink?: boolean;
}

/**
 * After the buyer asked to pay: the prompt on their phone (polled), or why nothing was paid with a
 * new try for the same order. A paid deposit is shown by the caller (`onPaid`), after the order is read again.
 */
export function MpesaDepositProgress({ mpesa, order, showOrdersLink = false }: MpesaDepositProgressProps) {
  if (mpesa.stage === 'failed') {
    const held = order.holdExpiresAt
      ? `Your reservation still holds ${order.lines.length === 1 ? 'the car' : 'the cars'} until ${formatNairobiTime(order.holdExpiresAt)}.`
      : null;
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" title="The deposit was not paid" role="alert">
          {mpesa.failure}
        </Alert>
        {held ? (
          <Text size="sm">
            {held}
            {showOrdersLink ? (
              <>
                {' You can pay the deposit later from '}
                <Anchor component={Link} to={sitePath('userOrders')} size="sm" fw={600}>
                  My Orders
                </Anchor>
                .
              </>
            ) : null}
          </Text>
        ) : showOrdersLink ? (
          <Anchor component={Link} to={sitePath('userOrders')} size="sm" fw={600}>
            My Orders
          </Anchor>
        ) : null}
        <MpesaPhoneField defaultPhone={mpesa.phone} submitLabel="Try again" phoneError={mpesa.phoneError} onSubmit={(phone) => void mpesa.pay(order, phone)} />
      </Stack>
    );
  }
  const paid = mpesa.stage === 'paid';
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite" className={classes.waiting}>
        <Loader size="sm" color={paid ? 'green' : undefined} />
        <Text fw={700}>{paid ? (mpesa.payment?.message ?? 'Deposit paid') : MPESA_WAITING_MESSAGE}</Text>
      </Group>
      {mpesa.payment && !paid ? (
        <Text size="sm" c="gray.7">{`M-Pesa asks ${mpesa.payment.phone} for ${formatKes(mpesa.payment.amount)}. Keep this page open.`}</Text>
      ) : null}
    </Stack>
  );
}
