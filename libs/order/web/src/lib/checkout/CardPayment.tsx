import { formatKes } from '@dealership/shared-util';
import { trpc } from '@dealership/web-trpc-client';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { describeCheckoutFailure } from './checkout-helpers';
import classes from './Checkout.module.css';
import type { CardForm } from './drop-in';

/** What the checkout did with a nonce. */
export interface CardPayResult {
  /** The card was declined: the form is cleared so the buyer can enter another card. */
  clearCard: boolean;
}

export interface CardPaymentProps {
  /** The amount the server will charge (the quote's total). */
  total: number;
  /** Places the order with this nonce; resolves when it settled (success or a shown failure). */
  onPay: (nonce: string) => Promise<CardPayResult>;
  /** Back to the choice of payment. */
  onCancel: () => void;
  /** Called when the server says card payments are off, so the quote is asked again. */
  onCardPaymentsOff: () => void;
  /** An order is being placed: the buttons wait. */
  placing: boolean;
  /** Where the form's client token comes from: `order.clientToken` (signed in) unless another payment gives its own (an import's tracking link). */
  loadClientToken?: () => Promise<{ clientToken: string }>;
  /** The other ways to pay, in the failure messages ("reserve and pay at the showroom" on the cart). */
  otherWays?: string;
}

type FormState = { status: 'loading' } | { status: 'ready'; form: CardForm } | { status: 'failed'; retry: boolean; message: string };

/** What else the buyer can do when the card form fails: the cart's words unless the page gives its own. */
const CART_OTHER_WAYS = 'reserve and pay at the showroom';
const cardPaymentsOff = (otherWays: string) => `Card payments are not available right now. You can still ${otherWays}.`;
const formFailed = (otherWays: string) => `The secure card form could not load. Check your connection and try again, or ${otherWays}.`;

/**
 * Braintree's card form, loaded when the buyer chooses to pay by card: a client token from
 * `order.clientToken` and the Drop-in (its own lazy chunk) are fetched together, then the form
 * is mounted; Pay turns the card into a nonce and hands it to `onPay`.
 */
export function CardPayment({ total, onPay, onCancel, onCardPaymentsOff, placing, loadClientToken, otherWays = CART_OTHER_WAYS }: CardPaymentProps) {
  const utils = trpc.useUtils();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FormState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [requesting, setRequesting] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let mounted: CardForm | undefined;
    setState({ status: 'loading' });
    // Never cached: a client token is for one form.
    Promise.all([loadClientToken ? loadClientToken() : utils.client.order.clientToken.query(), import('./drop-in')])
      .then(async ([{ clientToken }, dropIn]) => {
        if (cancelled || !container.current) return;
        // The Drop-in needs an empty container: a failed earlier try may have left its markup.
        container.current.replaceChildren();
        mounted = await dropIn.mountCardForm(container.current, clientToken);
        if (cancelled) void mounted.teardown().catch(() => undefined);
        else setState({ status: 'ready', form: mounted });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const failure = describeCheckoutFailure(error);
        if (failure.kind === 'unavailable') onCardPaymentsOff();
        const off = failure.kind === 'unavailable';
        setState({ status: 'failed', retry: !off, message: off ? cardPaymentsOff(otherWays) : formFailed(otherWays) });
      });
    return () => {
      cancelled = true;
      if (mounted) void mounted.teardown().catch(() => undefined);
    };
    // `attempt` re-runs the load after a failure; the callbacks are the parent's and may change identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, utils]);

  const pay = async () => {
    if (state.status !== 'ready') return;
    setRequesting(true);
    try {
      let nonce: string;
      try {
        nonce = await state.form.requestNonce();
      } catch {
        // The Drop-in shows what is wrong with the card fields itself.
        return;
      }
      const { clearCard } = await onPay(nonce);
      if (clearCard) state.form.clear();
    } finally {
      setRequesting(false);
    }
  };

  const busy = placing || requesting;
  return (
    <Paper withBorder radius="md" p="md" className={classes.cardForm} aria-label="Card payment" component="section">
      <Stack gap="sm">
        {state.status === 'loading' ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text size="sm">Loading the secure card form…</Text>
          </Group>
        ) : null}
        {state.status === 'failed' ? (
          <Text size="sm" c="red.9" role="alert">
            {state.message}
          </Text>
        ) : null}
        {/* The Drop-in owns this element's children; React leaves it empty. */}
        <div ref={container} className={classes.dropIn} hidden={state.status === 'failed'} />
        <Group gap="sm" className={classes.actions}>
          {state.status === 'failed' && state.retry ? (
            <Button variant="light" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          ) : (
            <Button onClick={() => void pay()} loading={busy} disabled={state.status !== 'ready'} className={classes.grow}>
              {`Pay ${formatKes(total)}`}
            </Button>
          )}
          <Button variant="subtle" onClick={onCancel} disabled={busy}>
            Back
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
