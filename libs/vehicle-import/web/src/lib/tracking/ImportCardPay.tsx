import type { ImportTracking } from '@dealership/vehicle-import-schemas';
import { formatKes } from '@dealership/shared-util';
import { describeApiError, SERVER_ERROR_MESSAGE } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { Alert, Button, Text } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import classes from './ImportTracking.module.css';

/**
 * The card form the page is given (the order domain's Braintree Drop-in, assembled by the app: a web
 * domain does not use another's components): it loads its client token from `loadClientToken`
 * and hands the card's nonce to `onPay`.
 */
export interface ImportCardFormProps {
  total: number;
  onPay: (nonce: string) => Promise<{ clearCard: boolean }>;
  onCancel: () => void;
  onCardPaymentsOff: () => void;
  placing: boolean;
  loadClientToken: () => Promise<{ clientToken: string }>;
  /** The other ways to pay, named when the form cannot load. */
  otherWays: string;
}

/**
 * "Pay by card" on the tracking page: what is due next, charged by card through the order domain's
 * card sale. The form (and Braintree's 127 KB Drop-in) loads only when the buyer asks for it; paid,
 * the page shows what the server now has.
 */
export function ImportCardPay({ token, next, CardForm }: { token: string; next: ImportTracking['nextPayment']; CardForm: ComponentType<ImportCardFormProps> }) {
  const utils = trpc.useUtils();
  const pay = trpc.vehicleImport.payByCard.useMutation();
  const [open, setOpen] = useState(false);
  const [off, setOff] = useState(false);
  const [paid, setPaid] = useState<number | null>(null);

  if (paid !== null) {
    return (
      <div className={classes.payment} role="group" aria-label="Card payment received">
        <Text fw={800} c="green.9">
          Payment received
        </Text>
        <Text size="sm">{`${formatKes(paid)} by card`}</Text>
      </div>
    );
  }
  if (!next || off) return null;
  const failure = pay.error ? describeApiError(pay.error).message || SERVER_ERROR_MESSAGE : null;

  const onPay = async (nonce: string) => {
    try {
      const tracking = await pay.mutateAsync({ token, nonce });
      utils.vehicleImport.track.setData({ token }, tracking);
      setPaid(next.amountKes);
      return { clearCard: false };
    } catch {
      // Shown above the form; a declined card is cleared so another can be entered.
      return { clearCard: true };
    }
  };

  return (
    <section className={classes.payment} aria-labelledby="import-card-heading">
      <h2 id="import-card-heading" className={classes.subheading}>
        Pay by card
      </h2>
      <Text size="sm">{`Next: the ${next.kind}, ${formatKes(next.amountKes)}, charged to your card.`}</Text>
      {failure ? (
        <Alert color="red" variant="light" title="Card payment not completed" role="alert" mt="sm">
          {failure}
        </Alert>
      ) : null}
      {open ? (
        <div className={classes.cardForm}>
          <CardForm
            total={next.amountKes}
            onPay={onPay}
            onCancel={() => setOpen(false)}
            onCardPaymentsOff={() => setOff(true)}
            placing={pay.isPending}
            loadClientToken={() => utils.client.vehicleImport.clientToken.query({ token })}
            otherWays="pay by M-Pesa or at the showroom"
          />
        </div>
      ) : (
        <Button variant="light" size="md" mt="md" onClick={() => setOpen(true)}>
          Pay by card
        </Button>
      )}
    </section>
  );
}
