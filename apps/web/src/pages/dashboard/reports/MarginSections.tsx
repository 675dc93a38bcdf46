import type { OrderReport } from '@dealership/order-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatAmount, formatKes } from '@dealership/shared-util';
import { BarChart } from '@mantine/charts';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { downloadCsv } from './download-csv';
import { exportFailed, Section } from './report-section';

/**
 * What the cars sold earned (issue 46), from the figures fixed on each order line at delivery: gross
 * profit per month with the average days to sell, and each car sold with its margin.
 */
export function MarginSections({ report }: { report: OrderReport }) {
  return (
    <>
      <Section title="Gross profit per month" onExport={() => void downloadCsv('gross-profit-per-month', report.grossProfitPerMonth).catch(exportFailed)}>
        <BarChart
          h={200}
          data={report.grossProfitPerMonth.map((row) => ({ month: row.month, 'Gross profit (KES)': row.grossProfitKes }))}
          dataKey="month"
          series={[{ name: 'Gross profit (KES)', color: 'teal.7' }]}
          valueFormatter={(value) => formatAmount(value)}
        />
        <Text size="sm" mt="xs">
          {(() => {
            const sold = report.grossProfitPerMonth;
            const withoutCosts = sold.reduce((sum, row) => sum + row.withoutCosts, 0);
            const days = report.averageDaysToSell;
            const withCosts = sold.reduce((sum, row) => sum + row.carsSold, 0) - withoutCosts;
            return `${formatKes(sold.reduce((sum, row) => sum + row.grossProfitKes, 0))} gross profit on ${withCosts} ${withCosts === 1 ? 'car' : 'cars'} with costs in 12 months${withoutCosts > 0 ? ` (${withoutCosts} sold without costs recorded)` : ''}. ${days === null ? 'No car sold yet.' : `${Math.round(days)} days to sell on average.`}`;
          })()}
        </Text>
      </Section>
      <Section
        title="Margin per car sold"
        onExport={() =>
          void downloadCsv(
            'margin-per-car-sold',
            report.carsSold.map(({ month, name, priceKes, costKes, marginKes, daysInStock }) => ({
              month,
              name,
              priceKes,
              costKes,
              marginKes,
              daysInStock,
            })),
          ).catch(exportFailed)
        }
      >
        {report.carsSold.length === 0 ? (
          <Text c="dimmed">No car sold in 12 months.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480} mah={320}>
            <Table aria-label="Margin per car sold" stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Car</Table.Th>
                  <Table.Th>Sold for</Table.Th>
                  <Table.Th>Cost</Table.Th>
                  <Table.Th>Margin</Table.Th>
                  <Table.Th>Days in stock</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.carsSold.map((car, i) => (
                  <Table.Tr key={`${car.slug}-${i}`}>
                    <Table.Td>
                      <Anchor component={Link} to={sitePath('car', { slug: car.slug })}>
                        {car.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatKes(car.priceKes)}</Table.Td>
                    <Table.Td>{car.costKes === null ? 'Not recorded' : formatKes(car.costKes)}</Table.Td>
                    <Table.Td c={car.marginKes !== null && car.marginKes < 0 ? 'red.8' : undefined}>
                      {car.marginKes === null ? '—' : formatKes(car.marginKes)}
                    </Table.Td>
                    <Table.Td>{car.daysInStock ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </>
  );
}
