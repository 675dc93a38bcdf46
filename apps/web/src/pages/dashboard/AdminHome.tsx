// The admin home: the spec's welcome line and details, then live figures of the catalogue and orders.
import { LatestActivity } from '@dealership/audit-web';
import { CAR_STATUSES } from '@dealership/car-model';
import { ORDER_STATUSES } from '@dealership/order-schemas';
import { SITE_ROUTES } from '@dealership/shared-schemas';
import { DashboardHome } from '@dealership/user-web';
import { useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { Anchor, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden, type MantineColor } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './AdminHome.module.css';

// The charts (recharts) in a chunk of their own: the other admin screens never load them.
const CarStatusDonut = lazy(async () => ({ default: (await import('./AdminCharts')).CarStatusDonut }));
const OrderStatusBars = lazy(async () => ({ default: (await import('./AdminCharts')).OrderStatusBars }));

const CAR_STATUS_COLORS: Record<(typeof CAR_STATUSES)[number], MantineColor> = {
  Available: 'teal.6',
  Reserved: 'yellow.6',
  Sold: 'gray.6',
};

/** A query's state as a figure card needs it. */
interface CardQuery {
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  refetch: () => unknown;
}

interface FigureCardProps {
  title: string;
  /** The screen the figure is about (none: a figure of the site itself). */
  to?: string;
  linkLabel?: string;
  query: CardQuery;
  /** Skeleton height while loading. */
  loadingHeight?: number;
  children: () => ReactNode;
}

/** One figure of the home: a heading, a link to its screen, and its own loading and error states. */
function FigureCard({ title, to, linkLabel, query, loadingHeight = 40, children }: FigureCardProps) {
  let body: ReactNode;
  if (query.isPending) {
    body = <Skeleton height={loadingHeight} radius="sm" aria-label={`Loading ${title.toLowerCase()}`} role="status" />;
  } else if (query.isError) {
    // One failed figure says so in its card; the others stay.
    body = (
      <Stack role="alert" gap={6} align="flex-start">
        <Text size="sm" c="red.9">
          Could not load this figure.
        </Text>
        <Button size="compact-sm" variant="light" color="red.8" onClick={() => void query.refetch()} loading={query.isRefetching}>
          Try again
        </Button>
      </Stack>
    );
  } else {
    body = children();
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title} className={classes.card}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h5" c="gray.7" tt="uppercase" className={classes.cardTitle}>
          {title}
        </Title>
        <Box className={classes.cardBody}>{body}</Box>
        {to ? (
          <Anchor component={Link} to={to} size="sm" fw={600}>
            {linkLabel}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A big number. */
function Figure({ value }: { value: number }) {
  return (
    <Text fz={32} fw={800} lh={1.1} c="navy.9">
      {value.toLocaleString('en-KE')}
    </Text>
  );
}

/** The counts as text beside a chart: its legend, and what screen readers and tests read. */
function CountList({ counts }: { counts: readonly { label: string; value: number; color?: MantineColor }[] }) {
  return (
    <dl className={classes.counts}>
      {counts.map((count) => (
        <div key={count.label} className={classes.count}>
          <Text component="dt" size="sm" className={classes.countLabel}>
            {count.color ? <Box component="span" className={classes.swatch} bg={count.color} aria-hidden /> : null}
            {count.label}
          </Text>
          <Text component="dd" size="sm" fw={700} className={classes.countValue}>
            {count.value.toLocaleString('en-KE')}
          </Text>
        </div>
      ))}
    </dl>
  );
}

function AdminFigures() {
  const cars = trpc.car.stats.useQuery();
  const orders = trpc.order.stats.useQuery();
  const brands = trpc.brand.list.useQuery();

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <FigureCard title="Cars" to={SITE_ROUTES.adminCars.path} linkLabel="Cars List" query={cars}>
          {() => <Figure value={cars.data?.total ?? 0} />}
        </FigureCard>
        <FigureCard title="Featured" to={SITE_ROUTES.adminCars.path} linkLabel="Cars List" query={cars}>
          {() => <Figure value={cars.data?.featured ?? 0} />}
        </FigureCard>
        <FigureCard title="Brands" to={SITE_ROUTES.adminBrands.path} linkLabel="Brand List" query={brands}>
          {() => <Figure value={brands.data?.length ?? 0} />}
        </FigureCard>
        <FigureCard title="Orders" to={SITE_ROUTES.adminOrders.path} linkLabel="Manage Orders" query={orders}>
          {() => <Figure value={orders.data?.total ?? 0} />}
        </FigureCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FigureCard title="Cars by status" to={SITE_ROUTES.adminCars.path} linkLabel="Cars List" query={cars} loadingHeight={160}>
          {() => {
            const counts = CAR_STATUSES.map((status) => ({ label: status, value: cars.data?.byStatus[status] ?? 0, color: CAR_STATUS_COLORS[status] }));
            if (!cars.data?.total) {
              return (
                <Stack gap="sm">
                  <Text size="sm" c="gray.7">
                    No cars yet.
                  </Text>
                  <CountList counts={counts} />
                </Stack>
              );
            }
            return (
              <Group gap="lg" wrap="nowrap" align="center" className={classes.chartRow}>
                {/* The chart repeats the list beside it: hidden from screen readers. */}
                <Box aria-hidden className={classes.donut}>
                  <Suspense fallback={<Skeleton circle height={132} />}>
                    <CarStatusDonut segments={counts.map((count) => ({ name: count.label, value: count.value, color: count.color }))} total={cars.data.total} />
                  </Suspense>
                </Box>
                <CountList counts={counts} />
              </Group>
            );
          }}
        </FigureCard>
        <FigureCard title="Orders by status" to={SITE_ROUTES.adminOrders.path} linkLabel="Manage Orders" query={orders} loadingHeight={160}>
          {() => {
            const counts = ORDER_STATUSES.map((status) => ({ label: status, value: orders.data?.byStatus[status] ?? 0 }));
            if (!orders.data?.total) {
              return (
                <Stack gap="sm">
                  <Text size="sm" c="gray.7">
                    No orders yet.
                  </Text>
                  <CountList counts={counts} />
                </Stack>
              );
            }
            return (
              <Stack gap="sm">
                <Box aria-hidden>
                  <Suspense fallback={<Skeleton height={170} radius="sm" />}>
                    <OrderStatusBars counts={counts} />
                  </Suspense>
                </Box>
                {/* The bars show their values; the same counts as text for screen readers. */}
                <VisuallyHidden>
                  <CountList counts={counts} />
                </VisuallyHidden>
              </Stack>
            );
          }}
        </FigureCard>
      </SimpleGrid>
    </Stack>
  );
}

const nairobiTime = (iso: string) => new Date(iso).toLocaleString('en-KE', { timeZone: 'Africa/Nairobi', dateStyle: 'medium', timeStyle: 'short' });
const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toLocaleString('en-KE', { maximumFractionDigits: 1 })} MB`;

/** The owners' view of the site's backups: the newest written (when, how big, whether off-site), and a failure since. */
function BackupFigure() {
  const backups = trpc.backup.status.useQuery();
  return (
    <FigureCard title="Backups" query={backups}>
      {() => {
        const { lastWritten, lastFailed } = backups.data ?? { lastWritten: null, lastFailed: null };
        const failedSince = lastFailed && (!lastWritten || lastFailed.finishedAt > lastWritten.finishedAt) ? lastFailed : null;
        return (
          <Stack gap={6}>
            {lastWritten ? (
              <>
                <Text size="sm">
                  Last backup:{' '}
                  <Text span fw={700}>
                    {nairobiTime(lastWritten.finishedAt)}
                  </Text>
                  , {megabytes(lastWritten.bytes ?? 0)}
                </Text>
                <Text size="sm" c="gray.7">
                  {lastWritten.copiedTo ? 'Copied off-site.' : 'Kept on this server only: ask whoever runs it to set up an off-site copy (BACKUP_S3_URL).'}
                </Text>
              </>
            ) : (
              <Text size="sm" c="gray.7">
                No backup yet. The site takes one every day.
              </Text>
            )}
            {failedSince ? (
              <Text size="sm" c="red.9" role="alert">
                The backup of {nairobiTime(failedSince.finishedAt)} failed: {failedSince.error}
              </Text>
            ) : null}
          </Stack>
        );
      }}
    </FigureCard>
  );
}

/** `/dashboard/admin`: 'Welcome, ' plus the admin's name and details (spec §2), the figures, and the latest activity. */
export function AdminHomePage() {
  const user = useAuth().session?.user;
  const owner = user?.staffRole === 'owner';
  return (
    <Stack gap="lg">
      <DashboardHome
        title="Admin Dashboard"
        name={user?.name}
        details={[
          { label: 'Admin Name', value: user?.name },
          { label: 'Admin Email', value: user?.email },
          { label: 'Admin Contact', value: user?.phone },
        ]}
        shortcuts={[
          { to: SITE_ROUTES.adminCreateCar.path, label: 'Create Car' },
          { to: SITE_ROUTES.adminCreateBrand.path, label: 'Create Brand' },
        ]}
      />
      <AdminFigures />
      {owner ? <BackupFigure /> : null}
      <LatestActivity />
    </Stack>
  );
}
