import { formatKes } from '@dealership/shared-util';
import type { TradeInOfferView } from '@dealership/trade-in-offer-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { RecordFacts, RecordPage, Seo } from '@dealership/web-ui';
import { Alert, Button, Group } from '@mantine/core';
import { useParams } from 'react-router-dom';
import classes from './TradeInOffer.module.css';

/** "14 December 2026", the same on the server and in the browser. */
const dayText = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const OUTCOME: Record<Exclude<TradeInOfferView['status'], 'sent'>, string> = {
  accepted:
    'You accepted this offer. It comes off the price of the car you buy from us: signed in, pick it as "Trade-in credit" when you reserve or pay for your saved cars. A salesperson will call you to arrange the handover.',
  declined: 'You declined this offer. If you change your mind, call us for a new one.',
  expired: 'This offer has ended. Call us and we will look at your car again.',
};

function Offer({ token, offer }: { token: string; offer: TradeInOfferView }) {
  const utils = trpc.useUtils();
  const accept = trpc.tradeInOffer.accept.useMutation({ onSuccess: (view) => utils.tradeInOffer.view.setData({ token }, view) });
  const decline = trpc.tradeInOffer.decline.useMutation({ onSuccess: (view) => utils.tradeInOffer.view.setData({ token }, view) });
  const failure = accept.error ?? decline.error;
  return (
    <RecordPage reference={`Trade-in offer ${offer.reference}`} heading={`Our offer for your ${offer.car}`}>
      <p className={classes.amount}>{formatKes(offer.amountKes)}</p>
      <RecordFacts
        facts={[
          { label: 'Valid until', value: <time dateTime={offer.validUntil}>{dayText(offer.validUntil)}</time> },
          ...(offer.conditions ? [{ label: 'Conditions', value: offer.conditions }] : []),
        ]}
      />
      {offer.status === 'sent' ? (
        <>
          <p>
            Accept it and the amount comes off the price of the car you buy from us, at checkout or at the showroom; a salesperson calls you to arrange the
            handover.
          </p>
          <Group>
            <Button size="md" onClick={() => accept.mutate({ token })} loading={accept.isPending} disabled={decline.isPending}>
              Accept offer
            </Button>
            <Button size="md" variant="default" onClick={() => decline.mutate({ token })} loading={decline.isPending} disabled={accept.isPending}>
              Decline
            </Button>
          </Group>
        </>
      ) : (
        <Alert color={offer.status === 'accepted' ? 'green' : 'gray'} role="status">
          {OUTCOME[offer.status]}
        </Alert>
      )}
      {failure ? (
        <Alert color="red" mt="md" role="alert">
          {describeApiError(failure).message}
        </Alert>
      ) : null}
    </RecordPage>
  );
}

/** `/trade-in-offer/:token`: a buyer's trade-in offer, opened from the link of its SMS or email (server-rendered). */
export function TradeInOfferPage() {
  const { token = '' } = useParams();
  const offer = trpc.tradeInOffer.view.useQuery({ token }, { retry: false });
  return (
    <>
      <Seo title={offer.data ? `Offer ${offer.data.reference}` : 'Your trade-in offer'} description="Our offer for your car." noIndex />
      {offer.data ? (
        <Offer token={token} offer={offer.data} />
      ) : offer.isError ? (
        <RecordPage heading="Offer not found">
          <p>This link does not open an offer. Please use the link from your SMS or email, or call us.</p>
        </RecordPage>
      ) : (
        <RecordPage busy>
          <p>Loading your offer…</p>
        </RecordPage>
      )}
    </>
  );
}
