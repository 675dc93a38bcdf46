import { sitePath } from '@dealership/shared-schemas';
import { formatAmount, formatKes, nairobiDate } from '@dealership/shared-util';
import type { VehicleImport } from '@dealership/vehicle-import-schemas';
import { useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { QueryState, Seo, telHref } from '@dealership/web-ui';
import { Alert, Anchor, Button, CopyButton, Group, List, Modal, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { carName, formatDay, PAYMENT_METHOD_LABELS } from './import-words';
import { ImportDocuments } from './ImportDocuments';
import { MilestoneForm } from './MilestoneForm';
import { MilestoneTimeline } from './MilestoneTimeline';
import { PaymentForm, PriceForm } from './MoneyForms';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Label-value rows; a row without a value is left out. */
function Facts({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <Stack gap={6}>
      {rows
        .filter((row) => row.value !== null && row.value !== undefined && row.value !== '')
        .map((row) => (
          <Group key={row.label} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" c="gray.7" w={{ base: 120, sm: 150 }} style={{ flexShrink: 0 }}>
              {row.label}
            </Text>
            <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {row.value}
            </Text>
          </Group>
        ))}
    </Stack>
  );
}

type Dialog = 'milestone' | 'payment' | 'price' | null;
const DIALOG_TITLES = { milestone: 'Record milestone', payment: 'Record payment', price: 'Change price' } as const;

function ImportDetails({ vehicleImport: item, owner }: { vehicleImport: VehicleImport; owner: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  // On a phone the forms take the whole screen: the milestone's fields are too many for a small box.
  const fullScreen = useMediaQuery('(max-width: 36em)') ?? false;
  const close = () => setDialog(null);
  const car = carName({ year: item.yearOfManufacture, make: item.make, model: item.model });
  const dueKes = Math.max(0, item.agreedPriceKes - item.paidKes);
  const auction = [item.auctionHouse, item.auctionLot && `lot ${item.auctionLot}`, item.auctionGrade && `grade ${item.auctionGrade}`]
    .filter(Boolean)
    .join(', ');
  const earlier = item.arrivalEstimates.slice(0, -1);

  return (
    <Stack gap="lg">
      <Seo title={`${item.reference} · ${car}`} description="An import on behalf of a buyer." noIndex />
      <Stack gap={4}>
        <Anchor component={Link} to={sitePath('adminImports')} size="sm">
          ← All imports
        </Anchor>
        <Title order={1} size="h2">
          {item.reference} · {car}
        </Title>
      </Stack>
      {item.warnings.length ? (
        <Alert color="yellow" title="Check this import">
          <Stack gap={4}>
            {item.warnings.map((warning) => (
              <Text key={warning} size="sm">
                {warning}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button onClick={() => setDialog('milestone')}>Record milestone</Button>
        <Button variant="light" onClick={() => setDialog('payment')}>
          Record payment
        </Button>
        {owner ? (
          <Button variant="light" onClick={() => setDialog('price')}>
            Change price
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Buyer">
          <Facts
            rows={[
              { label: 'Name', value: item.buyerName },
              { label: 'Phone', value: <Anchor href={telHref(item.buyerPhone)}>{item.buyerPhone}</Anchor> },
              { label: 'Email', value: item.buyerEmail ? <Anchor href={`mailto:${item.buyerEmail}`}>{item.buyerEmail}</Anchor> : null },
              { label: 'Staff note', value: item.staffNote },
            ]}
          />
        </Section>
        <Section title="Car">
          <Facts
            rows={[
              { label: 'Chassis number', value: item.chassisNumber },
              { label: 'Manufactured', value: String(item.yearOfManufacture) },
              { label: 'First registered', value: String(item.yearOfFirstRegistration) },
              { label: 'Auction', value: auction },
              { label: 'Export certificate', value: item.exportCertificateKm === null ? null : `${formatAmount(item.exportCertificateKm)} km` },
            ]}
          />
        </Section>
        <Section title="Money">
          <Facts
            rows={[
              { label: 'Agreed price', value: formatKes(item.agreedPriceKes) },
              { label: 'Deposit', value: formatKes(item.depositKes) },
              { label: 'Paid', value: formatKes(item.paidKes) },
              { label: 'Due', value: formatKes(dueKes) },
              { label: 'Purchase price', value: item.purchasePrice === null ? null : `${item.purchaseCurrency} ${formatAmount(item.purchasePrice)}` },
              { label: 'Exchange rate', value: item.exchangeRate === null ? null : `KES ${item.exchangeRate} per ${item.purchaseCurrency}` },
            ]}
          />
        </Section>
        <Section title="Arrival">
          <Text fw={600}>Expected {formatDay(item.expectedArrival)}</Text>
          {earlier.length ? (
            <>
              <Text size="sm" c="gray.7" mt="xs">
                Earlier estimates
              </Text>
              <List size="sm">
                {earlier.map((estimate) => (
                  <List.Item key={estimate.recordedAt}>
                    {formatDay(estimate.estimatedArrival)} (given {formatDay(nairobiDate(new Date(estimate.recordedAt)))})
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
        </Section>
      </SimpleGrid>
      <Section title="Buyer's tracking link">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Tracking link"
            value={item.trackingUrl}
            readOnly
            style={{ flex: 1, minWidth: 0 }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={item.trackingUrl}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Section>
      <Section title="Milestones">
        <MilestoneTimeline vehicleImport={item} />
      </Section>
      <Section title="Papers">
        <ImportDocuments vehicleImport={item} />
      </Section>
      <Section title="Payments">
        {item.payments.length ? (
          <Stack gap="xs" component="ul" aria-label="Payments received" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {item.payments.map((payment) => (
              <Stack key={payment.id} component="li" gap={0}>
                <Text size="sm" fw={600}>
                  {formatKes(payment.amountKes)}
                </Text>
                <Text size="sm" c="gray.7">
                  {[formatDay(payment.receivedOn), PAYMENT_METHOD_LABELS[payment.method], payment.reference].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="gray.7">
            No payments yet.
          </Text>
        )}
      </Section>
      <Modal opened={dialog !== null} onClose={close} title={dialog ? DIALOG_TITLES[dialog] : ''} fullScreen={fullScreen}>
        {dialog === 'milestone' ? <MilestoneForm vehicleImport={item} onDone={close} /> : null}
        {dialog === 'payment' ? <PaymentForm vehicleImport={item} onDone={close} /> : null}
        {dialog === 'price' ? <PriceForm vehicleImport={item} onDone={close} /> : null}
      </Modal>
    </Stack>
  );
}

/** One import for staff: buyer, car, money, arrival, the buyer's link, the milestones and payments, and the forms that record them. */
export function AdminImportPage() {
  const { id = '' } = useParams();
  const { session } = useAuth();
  const vehicleImport = trpc.vehicleImport.byId.useQuery({ id });
  return (
    <QueryState query={vehicleImport} loadingLabel="Loading the import…" errorTitle="Could not load the import" keepDataOnError>
      {(data) => <ImportDetails vehicleImport={data} owner={session?.user.staffRole === 'owner'} />}
    </QueryState>
  );
}
