import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import type { ImportTracking } from '@dealership/vehicle-import-schemas';
import { formatKes } from '@dealership/shared-util';
import { describeApiError, SERVER_ERROR_MESSAGE } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import classes from './ImportTracking.module.css';

/** How often the page asks where a waiting request stands (the server asks Daraja itself when the callback is late). */
const POLL_MS = 2_000;

/**
 * "Pay by M-Pesa" on the tracking page: what is due next (the rest of the deposit, then the
 * balance), the Safaricom number M-Pesa prompts, then the request polled while the buyer enters
 * their PIN. Paid, the page is read again (what is paid and due, the next payment) and the receipt
 * stays in the form's place; with nothing due (`next` null) there is no form.
 */
export function ImportMpesaPay({ token, next }: { token: string; next: ImportTracking['nextPayment'] }) {
  const utils = trpc.useUtils();
  const pay = trpc.vehicleImport.payByMpesa.useMutation();
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const poll = trpc.vehicleImport.mpesaPayment.useQuery(
    { token, paymentId: paymentId ?? '' },
    { enabled: paymentId !== null, refetchInterval: (query) => (query.state.data?.state === 'paid' || query.state.data?.state === 'failed' ? false : POLL_MS), retry: 3 },
  );
  const payment = paymentId ? (poll.data ?? pay.data) : undefined;
  const paid = payment?.state === 'paid';
  useEffect(() => {
    if (paid) void utils.vehicleImport.track.invalidate({ token });
  }, [paid, token, utils]);

  const refused = pay.error ? describeApiError(pay.error) : null;
  const phoneError = refused?.fieldErrors['phone'];
  const failure = payment?.state === 'failed' ? payment.message : refused && !phoneError ? refused.message || SERVER_ERROR_MESSAGE : null;
  const what = next?.kind === 'deposit' ? 'deposit' : 'balance';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = String(new FormData(event.currentTarget).get('phone') ?? '').trim();
    setPaymentId(null);
    pay.mutate({ token, phone }, { onSuccess: (started) => setPaymentId(started.id) });
  };

  if (paid && payment) {
    return (
      <div className={classes.payment} role="group" aria-label="Payment received">
        <Text fw={800} c="green.9">
          Payment received
        </Text>
        <Text size="sm">{`${formatKes(payment.amount)}${payment.receipt ? ` · M-Pesa receipt ${payment.receipt}` : ''}`}</Text>
      </div>
    );
  }
  if (payment?.state === 'pending') {
    return (
      <Stack gap="xs" className={classes.payment}>
        <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text fw={700}>{payment.message}</Text>
        </Group>
        <Text size="sm" c="gray.7">{`M-Pesa asks ${payment.phone} for ${formatKes(payment.amount)}. Keep this page open.`}</Text>
      </Stack>
    );
  }
  // Paid in full (by any means): nothing to ask.
  if (!next) return null;
  return (
    <section className={classes.payment} aria-labelledby="import-pay-heading">
      <h2 id="import-pay-heading" className={classes.subheading}>
        Pay by M-Pesa
      </h2>
      <Text size="sm">{`Next: the ${what}, ${formatKes(next.amountKes)}. M-Pesa sends a prompt to the phone you give; your receipt comes by SMS.`}</Text>
      {failure ? (
        <Alert color="red" variant="light" title={`The ${what} was not paid`} role="alert" mt="sm">
          {failure}
        </Alert>
      ) : null}
      <form noValidate onSubmit={submit} aria-label="M-Pesa payment">
        <TextInput
          name="phone"
          label="M-Pesa number"
          description="The Safaricom number that pays."
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          maxLength={30}
          required
          error={phoneError}
          mt="sm"
        />
        <Button type="submit" size="md" mt="md" loading={pay.isPending}>
          {`${failure ? 'Try again: pay' : 'Pay'} ${formatKes(next.amountKes)} by M-Pesa`}
        </Button>
      </form>
    </section>
  );
}
