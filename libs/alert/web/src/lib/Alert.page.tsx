import { describeSearch, searchFromQuery } from '@dealership/alert-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError, useCart } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { Seo } from '@dealership/web-ui';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { AlertSignUp } from './AlertSignUp';

function AlertCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={560} py={40}>
      <Seo title={title} description="Car alerts from our Mombasa dealership." noIndex />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/alerts/watch?car=<id>` (a car page's link) or `?favourites=1` (the favourites page's): watch their prices. */
function WatchPrices() {
  const [params] = useSearchParams();
  // The car page's link hands over the car's name (not in the address: opened from elsewhere, the page says "this car").
  const { state } = useLocation() as { state: { carName?: unknown } | null };
  const carName = typeof state?.carName === 'string' ? state.carName : null;
  const { items } = useCart();
  const favourites = params.get('favourites') === '1';
  const one = params.get('car') ?? '';
  const cars = favourites ? [...new Map(items.map((car) => [car.id, car])).values()] : [];
  const carIds = favourites ? cars.map((car) => car.id) : UUID.test(one) ? [one] : [];
  const watch = trpc.alert.watchPrices.useMutation();
  return (
    <AlertCard title="Tell me if the price drops">
      {carIds.length === 0 ? (
        <Text>
          {favourites ? 'Your favourites list is empty.' : 'This link names no car.'}{' '}
          <Anchor component={Link} to={sitePath('cars')} underline="always">
            Browse the cars
          </Anchor>
        </Text>
      ) : (
        <>
          {favourites ? (
            <ul>
              {cars.map((car) => (
                <li key={car.id}>{car.name}</li>
              ))}
            </ul>
          ) : null}
          <AlertSignUp
            what={carIds.length === 1 ? (cars[0]?.name ?? `the price of ${carName ? `the ${carName}` : 'this car'}`) : `the prices of these ${carIds.length} cars`}
            submit={(contact) => watch.mutateAsync({ carIds: carIds.slice(0, 20), contact })}
          />
        </>
      )}
    </AlertCard>
  );
}

/** `/alerts/search?<the /cars query>` (the listing's "Get alerts for this search"): save that search. */
function SaveSearch() {
  const [params] = useSearchParams();
  const filters = searchFromQuery(params);
  const label = describeSearch(filters);
  const save = trpc.alert.saveSearch.useMutation();
  return (
    <AlertCard title="Get alerts for this search">
      <AlertSignUp what={label === 'All cars' ? 'every new car' : `new cars: ${label}`} submit={(contact) => save.mutateAsync({ filters, contact })} />
      <Anchor component={Link} to={`${sitePath('cars')}?${params.toString()}`}>
        Back to the cars
      </Anchor>
    </AlertCard>
  );
}

/** `/alerts/confirm?token=`: the confirmation link's page; the alerts start on the click (a mail scanner's visit starts nothing). */
function ConfirmAlerts() {
  const [params] = useSearchParams();
  const confirm = trpc.alert.confirm.useMutation();
  return (
    <AlertCard title="Confirm your car alerts">
      {confirm.data ? (
        <Alert color="green" variant="light" title="Your alerts are on" role="status">
          {confirm.data.confirmed > 0 ? 'We will send at most one message a day, each with a link to stop.' : 'They were already on: nothing changed.'}
        </Alert>
      ) : (
        <>
          <Text>Start the alerts you asked for? We send at most one message a day, each with a link to stop.</Text>
          {confirm.error ? (
            <Text c="red.8" role="alert">
              {describeApiError(confirm.error).message}
            </Text>
          ) : null}
          <Button onClick={() => confirm.mutate({ token: params.get('token') ?? '' })} loading={confirm.isPending}>
            Start my alerts
          </Button>
        </>
      )}
    </AlertCard>
  );
}

/** `/alerts/unsubscribe?token=`: what the link would end, and the one click that ends it (no sign-in). */
function Unsubscribe() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = trpc.alert.linkInfo.useQuery({ token }, { enabled: token !== '', retry: false });
  const unsubscribe = trpc.alert.unsubscribe.useMutation();
  const [done, setDone] = useState(false);
  const failure = info.error ?? unsubscribe.error;
  return (
    <AlertCard title="Stop car alerts">
      {done ? (
        <Alert color="green" variant="light" title="You are unsubscribed" role="status">
          We will send no more alerts{info.data?.recipient ? ` to ${info.data.recipient}` : ''}.
        </Alert>
      ) : failure || !token ? (
        <Text c="red.8" role="alert">
          {failure ? describeApiError(failure).message : 'This link is incomplete: open it again from the message.'}
        </Text>
      ) : info.data && info.data.alerts.length === 0 ? (
        <Text role="status">There are no alerts to stop: they have already ended.</Text>
      ) : info.data ? (
        <>
          <Text>
            Stop every alert we send to <strong>{info.data.recipient}</strong>:
          </Text>
          <ul>
            {info.data.alerts.map((alert, index) => (
              <li key={index}>{alert.kind === 'price' ? `Price of ${alert.label}` : `Search: ${alert.label}`}</li>
            ))}
          </ul>
          <Button color="red" onClick={() => unsubscribe.mutateAsync({ token }).then(() => setDone(true))} loading={unsubscribe.isPending}>
            Unsubscribe
          </Button>
        </>
      ) : (
        <Text role="status">Checking the link...</Text>
      )}
    </AlertCard>
  );
}

/** `/alerts/:page`: save a search, watch a price, confirm a sign-up, unsubscribe. */
export function AlertPage() {
  const { page } = useParams();
  if (page === 'search') return <SaveSearch />;
  if (page === 'watch') return <WatchPrices />;
  if (page === 'confirm') return <ConfirmAlerts />;
  if (page === 'unsubscribe') return <Unsubscribe />;
  return (
    <AlertCard title="Page not found">
      <Anchor component={Link} to={sitePath('cars')}>
        Browse the cars
      </Anchor>
    </AlertCard>
  );
}
