// The owner's reports: the leads (lead domain), the sales and reservations (order domain) and the
// stock (car domain) side by side; composed here, as each domain answers for its own figures.
import { LEAD_CHANNEL_LABELS, LEAD_CHANNELS, LEAD_KIND_LABELS, LEAD_KINDS, WHATSAPP_LEAD_SOURCES } from '@dealership/lead-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { readAuthToken } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, Seo } from '@dealership/web-ui';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AgedStockAlertForm } from './AgedStockAlertForm';
import { downloadCsv } from './download-csv';
import { MarginSections } from './MarginSections';
import { exportFailed, Section } from './report-section';

const KIND_COLOURS = ['navy.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'green.7'];
const CHANNEL_COLOURS = ['navy.6', 'green.7', 'orange.6'];

/** A lead's source page as the owner reads it: a car's or a brand's pages together, the home page by name. */
export function sourceLabel(source: string | null): string {
  if (source === null) return 'Not known';
  // The server counts a car's or a brand's pages as one: /car/*, /brand/*.
  if (source === sitePath('car', { slug: '*' })) return 'Car pages';
  if (source === sitePath('brand', { slug: '*' })) return 'Brand pages';
  return source === '/' ? 'Home' : source;
}

/** The pages the chart shows by name (the most leads first); the rest count as "Other pages". */
const CHARTED_SOURCES = 5;
/** WhatsApp leads' sources: channels, not pages. */
const CHANNEL_SOURCES: ReadonlySet<string> = new Set(Object.values(WHATSAPP_LEAD_SOURCES));

/**
 * The sources the chart shows, from the labels ranked by leads (most first): all of them when few,
 * else the first pages and "Other pages"; WhatsApp and WhatsApp ad always by name (an ad's leads
 * must not vanish among the pages).
 */
export function chartedSources(ranked: readonly string[]): string[] {
  const pages = ranked.filter((label) => !CHANNEL_SOURCES.has(label));
  if (pages.length <= CHARTED_SOURCES + 1) return [...ranked];
  const folded = new Set(pages.slice(CHARTED_SOURCES));
  return [...ranked.filter((label) => !folded.has(label)), 'Other pages'];
}

const minutes = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-KE')} min`);

/**
 * `/dashboard/admin/reports` (owners): leads per week by kind, by source page and by channel (web
 * form, WhatsApp, WhatsApp ad), first-response times per salesperson, lead -> won, sales per
 * month, reservations ended, the most viewed cars with their leads, the stock by age, and the
 * imports (median days bought to delivered, in transit, money held); each one export as CSV, and
 * the whole leads list from the server's export.
 */
export function ReportsPage() {
  const leads = trpc.lead.report.useQuery();
  const orders = trpc.order.report.useQuery();
  const stock = trpc.car.stockAge.useQuery();
  const viewed = trpc.car.mostViewed.useQuery();
  const imports = trpc.vehicleImport.board.useQuery({ includeDelivered: true });
  const failed = leads.error ?? orders.error ?? stock.error ?? viewed.error ?? imports.error;
  if (failed) return <Alert color="red">Could not load the reports: {failed.message}</Alert>;
  if (!leads.data || !orders.data || !stock.data || !viewed.data || !imports.data) return <Loader aria-label="Loading the reports" />;
  const importReport = imports.data.report;

  const weeks = [...new Set(leads.data.perWeek.map((row) => row.week))];
  const perWeek = weeks.map((week) => ({
    week,
    ...Object.fromEntries(
      LEAD_KINDS.map((kind) => [LEAD_KIND_LABELS[kind], leads.data.perWeek.find((row) => row.week === week && row.kind === kind)?.count ?? 0]),
    ),
  }));

  const totals = new Map<string, number>();
  for (const row of leads.data.perSource) totals.set(sourceLabel(row.source), (totals.get(sourceLabel(row.source)) ?? 0) + row.count);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([label]) => label);
  const charted = chartedSources(ranked);
  const sourceOf = (source: string | null) => (charted.includes(sourceLabel(source)) ? sourceLabel(source) : 'Other pages');
  const perSource = [...new Set(leads.data.perSource.map((row) => row.week))].map((week) => {
    const counts: Record<string, number | string> = { week, ...Object.fromEntries(charted.map((label) => [label, 0])) };
    for (const row of leads.data.perSource.filter((row) => row.week === week)) counts[sourceOf(row.source)] = Number(counts[sourceOf(row.source)]) + row.count;
    return counts;
  });

  const perChannel = [...new Set(leads.data.perChannel.map((row) => row.week))].map((week) => ({
    week,
    ...Object.fromEntries(
      LEAD_CHANNELS.map((channel) => [
        LEAD_CHANNEL_LABELS[channel],
        leads.data.perChannel.find((row) => row.week === week && row.channel === channel)?.count ?? 0,
      ]),
    ),
  }));
  const channelTotal = (channel: (typeof LEAD_CHANNELS)[number]) =>
    leads.data.perChannel.reduce((sum, row) => sum + (row.channel === channel ? row.count : 0), 0);

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
          onExport={() =>
            void downloadCsv(
              'leads-per-week',
              leads.data.perWeek.map((row) => ({ week: row.week, kind: LEAD_KIND_LABELS[row.kind], leads: row.count })),
            ).catch(exportFailed)
          }
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
          title="Leads by source page"
          onExport={() =>
            void downloadCsv(
              'leads-by-source-page',
              leads.data.perSource.map((row) => ({ week: row.week, page: row.source ?? '', source: sourceLabel(row.source), leads: row.count })),
            ).catch(exportFailed)
          }
        >
          {perSource.length === 0 ? (
            <Text c="gray.7">No leads in the last 12 weeks.</Text>
          ) : (
            <>
              <BarChart
                h={220}
                data={perSource}
                dataKey="week"
                type="stacked"
                series={charted.map((name, i) => ({ name, color: KIND_COLOURS[i] ?? 'gray.5' }))}
                withLegend
              />
              <Text size="sm" mt="xs">
                {ranked.map((label) => `${label}: ${totals.get(label)}`).join(' · ')}
              </Text>
            </>
          )}
        </Section>
        <Section
          title="Leads by channel"
          onExport={() =>
            void downloadCsv(
              'leads-by-channel',
              leads.data.perChannel.map((row) => ({ week: row.week, channel: LEAD_CHANNEL_LABELS[row.channel], leads: row.count })),
            ).catch(exportFailed)
          }
        >
          {perChannel.length === 0 ? (
            <Text c="gray.7">No leads in the last 12 weeks.</Text>
          ) : (
            <>
              <BarChart
                h={220}
                data={perChannel}
                dataKey="week"
                type="stacked"
                series={LEAD_CHANNELS.map((channel, i) => ({ name: LEAD_CHANNEL_LABELS[channel], color: CHANNEL_COLOURS[i] }))}
                withLegend
              />
              <Text size="sm" mt="xs">
                {LEAD_CHANNELS.map((channel) => `${LEAD_CHANNEL_LABELS[channel]}: ${channelTotal(channel)}`).join(' · ')}
              </Text>
            </>
          )}
          <Text size="xs" c="gray.7" mt="xs">
            Web form: any of the site's forms (by kind in "Leads per week"); WhatsApp ad: a chat started from a click-to-WhatsApp ad.
          </Text>
        </Section>
        <Section title="First response by salesperson" onExport={() => void downloadCsv('first-response', leads.data.responseTimes).catch(exportFailed)}>
          {/* Scrolls sideways on a phone rather than widening the page. */}
          <Table.ScrollContainer minWidth={420}>
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
          </Table.ScrollContainer>
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
        <MarginSections report={orders.data} />
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
        <Section
          title="Most viewed cars this month"
          onExport={() =>
            void downloadCsv(
              'most-viewed-cars',
              viewed.data.cars.map(({ name, status, price, views, leads: carLeads }) => ({ name, status, price, views, leads: carLeads })),
            ).catch(exportFailed)
          }
        >
          {viewed.data.cars.length === 0 ? (
            <Text c="gray.7">No car pages viewed yet this month.</Text>
          ) : (
            <Table.ScrollContainer minWidth={420} mah={320}>
              <Table aria-label="Most viewed cars this month" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Car</Table.Th>
                    <Table.Th>Views</Table.Th>
                    <Table.Th>Leads</Table.Th>
                    <Table.Th>Price</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {viewed.data.cars.map((car) => (
                    <Table.Tr key={car.id}>
                      <Table.Td>
                        <Anchor component={Link} to={sitePath('car', { slug: car.slug })}>
                          {car.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{car.views}</Table.Td>
                      <Table.Td>{car.leads}</Table.Td>
                      <Table.Td>{formatKes(car.price)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text size="xs" c="gray.7" mt="xs">
            Visitors count once per car and day; search engines and the staff are not counted.
          </Text>
        </Section>
        <Section title="Stock by age" onExport={() => void downloadCsv('stock-by-age', stock.data.bands).catch(exportFailed)}>
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Stock by age">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>In stock</Table.Th>
                  <Table.Th>Cars</Table.Th>
                  <Table.Th>Cost</Table.Th>
                  <Table.Th>Asking</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stock.data.bands.map((band) => (
                  <Table.Tr key={band.label}>
                    <Table.Td>{band.label}</Table.Td>
                    <Table.Td>{band.cars}</Table.Td>
                    <Table.Td>
                      {formatKes(band.costKes)}
                      {band.withoutCosts > 0 ? (
                        <Text span size="xs" c="gray.7" display="block">
                          {band.withoutCosts === 1 ? '1 car without costs' : `${band.withoutCosts} cars without costs`}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{formatKes(band.askingKes)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="gray.7" mt="xs">
            The money tied up in each band: what its cars cost as recorded on their pages (Costs), and their asking prices.
          </Text>
        </Section>
        <Section
          title="Stock age"
          onExport={() =>
            void downloadCsv(
              'stock-age',
              stock.data.cars.map(({ name, status, price, days }) => ({ name, status, price, days })),
            ).catch(exportFailed)
          }
        >
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
          <AgedStockAlertForm />
        </Section>
        <Section
          title="Imports"
          onExport={() =>
            void downloadCsv(
              'imports',
              imports.data.cards.map(({ reference, make, model, yearOfManufacture, buyerName, stage, expectedArrival, agreedPriceKes, paidKes }) => ({
                reference,
                car: `${yearOfManufacture} ${make} ${model}`,
                buyer: buyerName,
                stage: stage ?? 'not bought yet',
                expectedArrival,
                agreedPriceKes,
                paidKes,
              })),
            ).catch(exportFailed)
          }
        >
          <Text>
            {importReport.medianDaysBoughtToDelivered === null
              ? 'No import delivered yet'
              : `Median ${Math.round(importReport.medianDaysBoughtToDelivered)} days from bought to delivered`}{' '}
            · {importReport.inTransit} in transit · {formatKes(importReport.moneyHeldKes)} held for imports not yet delivered.
          </Text>
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
