// The owner's reports: the leads (lead domain), the sales and reservations (order domain) and the
// stock (car domain) side by side; composed here, as each domain answers for its own figures.
import { LEAD_KIND_LABELS, LEAD_KINDS } from '@dealership/lead-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { readAuthToken } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, Seo } from '@dealership/web-ui';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { downloadCsv } from './download-csv';

const KIND_COLOURS = ['navy.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6'];

function Section({ title, onExport, children }: { title: string; onExport?: () => void; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {onExport ? (
          <Button size="xs" variant="light" onClick={onExport} aria-label={`Export ${title} as CSV`}>
            Export CSV
          </Button>
        ) : null}
      </Group>
      {children}
    </Paper>
  );
}

const minutes = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-KE')} min`);
const exportFailed = (error: unknown) => notifyError(error instanceof Error ? error.message : 'The export failed');

/**
 * `/dashboard/admin/reports` (owners): leads per week by kind, first-response times per
 * salesperson, lead -> won, sales per month, reservations ended, and the stock by age; each one
 * export as CSV, and the whole leads list from the server's export.
 */
export function ReportsPage() {
  const leads = trpc.lead.report.useQuery();
  const orders = trpc.order.report.useQuery();
  const stock = trpc.car.stockAge.useQuery();
  const failed = leads.error ?? orders.error ?? stock.error;
  if (failed) return <Alert color="red">Could not load the reports: {failed.message}</Alert>;
  if (!leads.data || !orders.data || !stock.data) return <Loader aria-label="Loading the reports" />;

  const weeks = [...new Set(leads.data.perWeek.map((row) => row.week))];
  const perWeek = weeks.map((week) => ({
    week,
    ...Object.fromEntries(LEAD_KINDS.map((kind) => [LEAD_KIND_LABELS[kind], leads.data.perWeek.find((row) => row.week === week && row.kind === kind)?.count ?? 0])),
  }));

  return (
    <Stack>
      <Seo title="Reports" description="The dealership's figures." noIndex />
      <Group justify="space-between">
        <Title order={1} size="h2">
          Reports
        </Title>
        <Button component="a" href="/api/leads/export.csv" variant="default" onClick={(event) => void exportLeads(event)}>
          Export all leads (CSV)
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section
          title="Leads per week"
          onExport={() => void downloadCsv('leads-per-week', leads.data.perWeek.map((row) => ({ week: row.week, kind: LEAD_KIND_LABELS[row.kind], leads: row.count }))).catch(exportFailed)}
        >
          {perWeek.length === 0 ? (
            <Text c="gray.7">No leads in the last 12 weeks.</Text>
          ) : (
            <BarChart
              h={220}
              data={perWeek}
              dataKey="week"
              type="stacked"
              series={LEAD_KINDS.map((kind, i) => ({ name: LEAD_KIND_LABELS[kind], color: KIND_COLOURS[i] }))}
              withLegend
            />
          )}
        </Section>
        <Section
          title="First response by salesperson"
          onExport={() => void downloadCsv('first-response', leads.data.responseTimes).catch(exportFailed)}
        >
          <Table aria-label="First response by salesperson">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Salesperson</Table.Th>
                <Table.Th>Leads</Table.Th>
                <Table.Th>Answered</Table.Th>
                <Table.Th>Median</Table.Th>
                <Table.Th>90th percentile</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leads.data.responseTimes.map((row) => (
                <Table.Tr key={row.assignee}>
                  <Table.Td>{row.assignee}</Table.Td>
                  <Table.Td>{row.leads}</Table.Td>
                  <Table.Td>{row.answered}</Table.Td>
                  <Table.Td>{minutes(row.medianMinutes)}</Table.Td>
                  <Table.Td>{minutes(row.p90Minutes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="gray.7" mt="xs">
            The last 90 days; minutes from the request to the first call, message or "Contacted".
          </Text>
        </Section>
        <Section title="Leads won" onExport={() => void downloadCsv('leads-won', leads.data.conversion).catch(exportFailed)}>
          <BarChart
            h={200}
            data={leads.data.conversion.map((row) => ({ week: row.week, Leads: row.leads, Won: row.won }))}
            dataKey="week"
            series={[
              { name: 'Leads', color: 'gray.5' },
              { name: 'Won', color: 'green.7' },
            ]}
            withLegend
          />
          <Text size="sm" mt="xs">
            {(() => {
              const total = leads.data.conversion.reduce((sum, row) => sum + row.leads, 0);
              const won = leads.data.conversion.reduce((sum, row) => sum + row.won, 0);
              return total === 0 ? 'No leads yet.' : `${won} of ${total} leads won (${Math.round((won / total) * 100)}%) in 12 weeks.`;
            })()}
          </Text>
        </Section>
        <Section title="Sales per month" onExport={() => void downloadCsv('sales-per-month', orders.data.salesPerMonth).catch(exportFailed)}>
          <BarChart
            h={200}
            data={orders.data.salesPerMonth.map((row) => ({ month: row.month, 'Cars delivered': row.count }))}
            dataKey="month"
            series={[{ name: 'Cars delivered', color: 'navy.6' }]}
          />
          <Text size="sm" mt="xs">
            {`${orders.data.salesPerMonth.reduce((sum, row) => sum + row.count, 0)} delivered, ${formatKes(orders.data.salesPerMonth.reduce((sum, row) => sum + row.amount, 0))} in 12 months.`}
          </Text>
        </Section>
        <Section title="Reservations ended" onExport={() => void downloadCsv('reservations-ended', orders.data.reservationsEnded).catch(exportFailed)}>
          <BarChart
            h={200}
            data={orders.data.reservationsEnded.map((row) => ({ month: row.month, 'Hold ran out': row.expired, Cancelled: row.cancelled }))}
            dataKey="month"
            series={[
              { name: 'Hold ran out', color: 'orange.6' },
              { name: 'Cancelled', color: 'red.7' },
            ]}
            withLegend
          />
        </Section>
        <Section title="Stock age" onExport={() => void downloadCsv('stock-age', stock.data.cars.map(({ name, status, price, days }) => ({ name, status, price, days }))).catch(exportFailed)}>
          <Text size="sm" mb="xs">{`${stock.data.inStock} cars in stock, ${stock.data.over90Days} of them over 90 days.`}</Text>
          <Table.ScrollContainer minWidth={420} mah={320}>
            <Table aria-label="Stock age" stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Car</Table.Th>
                  <Table.Th>Days in stock</Table.Th>
                  <Table.Th>Price</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stock.data.cars.map((car) => (
                  <Table.Tr key={car.id} c={car.days > 90 ? 'red.9' : undefined}>
                    <Table.Td>
                      <Anchor component={Link} to={sitePath('car', { slug: car.slug })}>
                        {car.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{car.days}</Table.Td>
                    <Table.Td>{formatKes(car.price)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/** The server's CSV of every lead: fetched with the session's token (a plain link would carry none) and saved. */
async function exportLeads(event: React.MouseEvent) {
  event.preventDefault();
  const response = await fetch('/api/leads/export.csv', { headers: { authorization: `Bearer ${readAuthToken() ?? ''}` } });
  if (!response.ok) return notifyError('The export failed; please try again');
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `leads-${new Date().toISOString().slice(0, 10)}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}
