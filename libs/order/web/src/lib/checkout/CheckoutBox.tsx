import { type MpesaPayment, type Order, type OrderQuote, orderNumber } from '@dealership/order-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { useAuth, useCart, withRedirect } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { CarStatusBadge } from '@dealership/web-ui';
import { Anchor, Button, Checkbox, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { balanceAfterDeposit } from '../format/order-format';
import { DepositSummary, MpesaDepositProgress, MpesaPhoneField } from '../mpesa/MpesaDeposit';
import { type MpesaDeposit, useMpesaDeposit } from '../mpesa/use-mpesa-deposit';
import type { CardPayResult } from './CardPayment';
import { describeCheckoutFailure, newIdempotencyKey } from './checkout-helpers';
import classes from './Checkout.module.css';
import { OrderConfirmation } from './OrderConfirmation';
import { MAX_ORDER_CARS, quoteIds, useCartQuote } from './use-cart-quote';

// The card step (and through it the Drop-in) loads only when a buyer chooses to pay by card.
const CardPayment = lazy(async () => ({ default: (await import('./CardPayment')).CardPayment }));

const PROFILE_PATH = sitePath('userProfile');

export interface CheckoutBoxProps {
  /** The saved cars' ids, in favourites order (duplicates allowed). */
  carIds: string[];
}

/** One checkout attempt: the same cars and method reuse its key on a retry, so nothing is placed twice. */
interface Attempt {
  signature: string;
  key: string;
}

/** The placed order, and the M-Pesa request that paid its deposit. */
interface Placed {
  order: Order;
  deposit?: MpesaPayment;
}

/**
 * The checkout under the favourites (`/cart`): for a signed-in buyer, the cars' availability and
 * the total as the server prices them (`order.quote`), the buyer's contact, then a reservation
 * ("pay at the showroom"), a reservation whose deposit is paid by M-Pesa, or, when card payments
 * are configured, a card payment through Braintree's Drop-in. A guest is sent to log in and comes back here.
 */
export function CheckoutBox({ carIds }: CheckoutBoxProps) {
  const { session } = useAuth();
  const [placed, setPlaced] = useState<Placed | null>(null);
  // Kept here: once the reservation is placed its cars leave the favourites, and the M-Pesa prompt outlives the form.
  const mpesa = useMpesaDeposit({ onPaid: (order, deposit) => setPlaced({ order, deposit }) });

  if (placed) return <OrderConfirmation order={placed.order} deposit={placed.deposit} />;
  if (mpesa.order) return <MpesaCheckout mpesa={mpesa} order={mpesa.order} />;
  if (carIds.length === 0) return null;
  if (!session) return <GuestCheckout carIds={carIds} />;
  return (
    <BuyerCheckout
      carIds={carIds}
      user={session.user}
      onPlaced={(order) => setPlaced({ order })}
      onDepositOrder={(order, phone) => void mpesa.pay(order, phone)}
    />
  );
}

/** The reservation is placed; its deposit is asked by M-Pesa: the prompt, then the outcome. */
function MpesaCheckout({ mpesa, order }: { mpesa: MpesaDeposit; order: Order }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the buyer submitted is gone: move focus (and a screen reader) to where the payment stands.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="mpesa-heading" aria-busy={mpesa.stage !== 'failed'} className={classes.box}>
      <Title order={2} size="h3" id="mpesa-heading" mb={4} ref={heading} tabIndex={-1} className={classes.focusTarget}>
        Pay deposit by M-Pesa
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {`Order number ${orderNumber(order.id)}`}
      </Text>
      <Stack gap="md">
        <DepositSummary deposit={order.deposit?.amount ?? mpesa.payment?.amount ?? 0} balance={balanceAfterDeposit(order)} />
        <MpesaDepositProgress mpesa={mpesa} order={order} showOrdersLink />
      </Stack>
    </Paper>
  );
}

function GuestCheckout({ carIds }: { carIds: string[] }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="checkout-heading" className={classes.box}>
      <Title order={2} size="h3" id="checkout-heading" mb={4}>
        Reserve or buy
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Log in to reserve the cars you saved and pay at our showroom, or pay by card where offered.
      </Text>
      <QuoteSummary carIds={carIds} />
      <Group gap="md" mt="md">
        <Button component={Link} to={withRedirect(sitePath('login'), sitePath('cart'))} size="md">
          Login to reserve
        </Button>
        <Anchor component={Link} to={withRedirect(sitePath('register'), sitePath('cart'))} size="sm">
          New here? Register
        </Anchor>
      </Group>
    </Paper>
  );
}

/** The quote's lines and total, or its loading and failure states. */
function QuoteSummary({ carIds }: { carIds: string[] }) {
  const quote = useCartQuote(carIds);
  const askedIds = quoteIds(carIds);
  if (quote.isPending) {
    return (
      <Group gap="sm" role="status" py="sm">
        <Loader size="sm" />
        <Text size="sm">Checking availability…</Text>
      </Group>
    );
  }
  if (quote.isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text size="sm" c="red.9">
          We could not check these cars right now.
        </Text>
        <Button variant="light" size="xs" onClick={() => void quote.refetch()} loading={quote.isFetching}>
          Try again
        </Button>
      </Stack>
    );
  }
  const missing = askedIds.filter((id) => !quote.data.lines.some((line) => line.carId === id)).length;
  return <QuoteLines quote={quote.data} missing={missing} overLimit={new Set(carIds).size > MAX_ORDER_CARS} />;
}

interface BuyerCheckoutProps {
  carIds: string[];
  user: { name: string; phone: string; address: string };
  onPlaced: (order: Order) => void;
  /** The reservation is placed: ask M-Pesa to prompt `phone` for its deposit. */
  onDepositOrder: (order: Order, phone: string) => void;
}

function BuyerCheckout({ carIds, user, onPlaced, onDepositOrder }: BuyerCheckoutProps) {
  const utils = trpc.useUtils();
  const { items, remove } = useCart();
  const quote = useCartQuote(carIds);
  const place = trpc.order.place.useMutation();
  const [method, setMethod] = useState<'choose' | 'card' | 'mpesa'>('choose');
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);
  // The buyer's accepted trade-in offers, one of which may be credited to this order (issue 46).
  const credits = trpc.tradeInOffer.mine.useQuery();
  const [creditId, setCreditId] = useState<string | null>(null);
  const credit = credits.data?.find((offer) => offer.id === creditId) ?? null;

  const data: OrderQuote | undefined = quote.data;
  const creditKes = credit && data ? Math.min(credit.amountKes, data.total) : 0;
  const toPay = data ? data.total - creditKes : 0;
  const orderable = data?.lines.filter((line) => line.status === 'Available') ?? [];
  const address = user.address.trim();
  const busy = place.isPending;
  const canOrder = orderable.length > 0 && address !== '' && !quote.isFetching;

  /** The attempt's key: kept while the same cars are retried the same way, fresh otherwise. */
  const keyFor = (signature: string) => {
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  const submit = async (
    payment: { method: 'reservation' } | { method: 'card'; nonce: string },
    placed: (order: Order) => void = onPlaced,
  ): Promise<CardPayResult> => {
    const ids = orderable.map((line) => line.carId);
    setFailure(null);
    try {
      const tradeInOfferId = credit?.id;
      const order = await place.mutateAsync({
        carIds: ids,
        payment,
        idempotencyKey: keyFor(`${payment.method}:${ids.join(',')}:${tradeInOfferId ?? ''}`),
        tradeInOfferId,
      });
      attempt.current = null;
      // Every saved copy of an ordered car leaves the favourites; the cars left are quoted again.
      const ordered = new Set(order.lines.map((line) => line.carId));
      for (const car of items) if (ordered.has(car.id)) remove(car.id);
      void utils.order.mine.invalidate();
      void utils.order.quote.invalidate();
      void utils.tradeInOffer.mine.invalidate();
      placed(order);
      return { clearCard: false };
    } catch (error) {
      const result = describeCheckoutFailure(error);
      // An unknown outcome (network, 5xx) or one still under way is retried with the same key:
      // the server then answers with the first order instead of placing or charging again.
      if (result.kind === 'conflict' || result.kind === 'declined' || result.kind === 'refused') attempt.current = null;
      if (result.kind === 'conflict' || result.kind === 'unavailable') void quote.refetch();
      // A trade-in offer that ended or went to another order meanwhile leaves the list.
      if (result.kind === 'conflict') void credits.refetch().then(() => setCreditId(null));
      // A taken car changes the total: the buyer sees the new quote and chooses again.
      if (result.kind === 'conflict') setMethod('choose');
      if (result.kind === 'unavailable' && payment.method === 'card') {
        setMethod('choose');
        setFailure('Card payments are not available right now. You can still reserve and pay at the showroom.');
      } else {
        setFailure(result.message);
      }
      return { clearCard: result.kind === 'declined' };
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="checkout-heading" aria-busy={busy} className={classes.box}>
      <Title order={2} size="h3" id="checkout-heading" mb={4}>
        Reserve or buy
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Prices and availability as they are now in our showroom.
      </Text>

      <QuoteSummary carIds={carIds} />

      {credits.data && credits.data.length > 0 && data && orderable.length > 0 ? (
        <Stack gap={6} mt="md" component="section" aria-labelledby="trade-in-credit">
          <Text fw={700} size="sm" id="trade-in-credit">
            Trade-in credit
          </Text>
          {credits.data.map((offer) => (
            <Checkbox
              key={offer.id}
              checked={creditId === offer.id}
              onChange={(event) => setCreditId(event.currentTarget.checked ? offer.id : null)}
              label={`${formatKes(offer.amountKes)} for your ${offer.car} (${offer.reference})`}
              description={`Our accepted offer, valid until ${offer.validUntil}`}
            />
          ))}
          {credit ? (
            <Group justify="space-between" role="group" aria-label="To pay">
              <Text size="sm">{`Total less ${formatKes(creditKes)} trade-in credit`}</Text>
              <Text fw={800}>{formatKes(toPay)}</Text>
            </Group>
          ) : null}
        </Stack>
      ) : null}

      <Divider my="md" />
      <BuyerContact user={user} />

      {failure ? (
        <Text role="alert" c="red.9" fw={600} size="sm" mt="md" className={classes.failure}>
          {failure}
        </Text>
      ) : null}

      {data && orderable.length === 0 ? (
        <Text size="sm" c="gray.8" mt="md">
          None of your saved cars can be ordered right now.
        </Text>
      ) : null}

      {method === 'mpesa' && data?.mpesaPayments ? (
        <Stack gap="md" mt="md" component="section" aria-label="M-Pesa deposit" className={classes.cardStep}>
          <DepositSummary deposit={Math.min(data.deposit, toPay)} balance={Math.max(toPay - data.deposit, 0)} />
          <Text size="xs" c="gray.7">
            We reserve the cars first, then M-Pesa asks your phone for the deposit.
          </Text>
          <MpesaPhoneField
            defaultPhone={user.phone}
            submitLabel="Pay deposit by M-Pesa"
            busy={busy || quote.isFetching}
            onSubmit={(phone) => {
              if (canOrder) void submit({ method: 'reservation' }, (order) => onDepositOrder(order, phone));
            }}
            onCancel={() => {
              setFailure(null);
              setMethod('choose');
            }}
          />
        </Stack>
      ) : method === 'card' && data?.cardPayments ? (
        <div className={classes.cardStep}>
          <Suspense
            fallback={
              <Group gap="sm" role="status">
                <Loader size="sm" />
                <Text size="sm">Loading the secure card form…</Text>
              </Group>
            }
          >
            <CardPayment
              total={toPay}
              placing={busy}
              onPay={(nonce) => submit({ method: 'card', nonce })}
              onCancel={() => {
                setFailure(null);
                setMethod('choose');
              }}
              onCardPaymentsOff={() => void quote.refetch()}
            />
          </Suspense>
        </div>
      ) : (
        <Stack gap="xs" mt="md">
          <Button
            size="md"
            fullWidth
            onClick={() => void submit({ method: 'reservation' })}
            loading={busy}
            disabled={!canOrder}
            classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
          >
            Reserve — pay at the showroom
          </Button>
          {data?.mpesaPayments && toPay > 0 ? (
            <Button
              size="md"
              fullWidth
              variant="outline"
              color="green.8"
              disabled={!canOrder || busy}
              onClick={() => {
                setFailure(null);
                setMethod('mpesa');
              }}
            >
              Pay deposit by M-Pesa
            </Button>
          ) : null}
          {data?.mpesaPayments && canOrder && toPay > 0 ? (
            <Text size="xs" c="gray.7" ta="center">
              {`${formatKes(Math.min(data.deposit, toPay))} deposit by M-Pesa now, the balance at the showroom`}
            </Text>
          ) : null}
          {data?.cardPayments && toPay > 0 ? (
            <Button
              size="md"
              fullWidth
              variant="outline"
              disabled={!canOrder || busy}
              onClick={() => {
                setFailure(null);
                setMethod('card');
              }}
            >
              Pay by card
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

function QuoteLines({ quote, missing, overLimit }: { quote: OrderQuote; missing: number; overLimit: boolean }) {
  return (
    <Stack gap="xs">
      <Stack component="ul" gap={6} className={classes.lines} aria-label="Cars in this order">
        {quote.lines.map((line) => {
          const available = line.status === 'Available';
          return (
            <li key={line.carId} className={classes.line} data-unavailable={available ? undefined : true}>
              <Anchor
                component={Link}
                to={sitePath('car', { slug: line.slug })}
                size="sm"
                fw={600}
                c={available ? 'navy.9' : 'gray.7'}
                className={classes.lineName}
              >
                {line.name}
              </Anchor>
              {available ? (
                <Text size="sm" fw={700} className={classes.linePrice}>
                  {formatKes(line.price)}
                </Text>
              ) : (
                <Group gap={6} wrap="nowrap" className={classes.linePrice}>
                  <CarStatusBadge status={line.status} size="sm" />
                  <Text size="xs" c="gray.7">
                    left out
                  </Text>
                </Group>
              )}
            </li>
          );
        })}
      </Stack>
      {missing > 0 ? (
        <Text size="xs" c="gray.7">
          {missing === 1 ? 'One saved car is no longer listed and is left out.' : `${missing} saved cars are no longer listed and are left out.`}
        </Text>
      ) : null}
      {overLimit ? (
        <Text size="xs" c="gray.7">
          {`One order holds at most ${MAX_ORDER_CARS} cars: the first ${MAX_ORDER_CARS} you saved are included.`}
        </Text>
      ) : null}
      <Group justify="space-between" className={classes.total} role="group" aria-label="Order total">
        <Text fw={600}>Total</Text>
        <Text fw={800} fz="xl" c="navy.8">
          {formatKes(quote.total)}
        </Text>
      </Group>
    </Stack>
  );
}

function BuyerContact({ user }: { user: BuyerCheckoutProps['user'] }) {
  const address = user.address.trim();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700}>
        We will contact
      </Text>
      <Text size="sm">{user.name}</Text>
      <Text size="sm">{user.phone.trim() || 'No phone number'}</Text>
      {address ? (
        <Text size="sm">{address}</Text>
      ) : (
        <Text size="sm" c="red.9">
          Your address is missing.{' '}
          <Anchor component={Link} to={PROFILE_PATH} size="sm" fw={600}>
            Add it to your profile
          </Anchor>{' '}
          to order.
        </Text>
      )}
      {address ? (
        <Anchor component={Link} to={PROFILE_PATH} size="xs" c="gray.7">
          Change these details
        </Anchor>
      ) : null}
    </Stack>
  );
}
