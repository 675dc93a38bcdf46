import { formatAmount } from '@dealership/shared-util';
import { trpc } from '@dealership/web-trpc-client';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';

const changedOn = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

/** Every change of a car's price, the latest first: when, from, to, by how much and who (`car.priceHistory`). */
export function PriceHistory({ carId }: { carId: string }) {
  const history = trpc.car.priceHistory.useQuery({ carId });
  return (
    <Paper component="section" aria-labelledby="price-history" withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="price-history">
          Price history
        </Title>
        {history.data && history.data.length === 0 ? <Text c="dimmed">The price has not changed since the car was added.</Text> : null}
        {history.data && history.data.length > 0 ? (
          <Table.ScrollContainer minWidth={520}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.map((change) => {
                  const difference = change.newPrice - change.oldPrice;
                  return (
                    <Table.Tr key={`${change.changedAt}-${change.newPrice}`}>
                      <Table.Td>{changedOn.format(new Date(change.changedAt))}</Table.Td>
                      <Table.Td>KES {formatAmount(change.oldPrice)}</Table.Td>
                      <Table.Td>KES {formatAmount(change.newPrice)}</Table.Td>
                      <Table.Td c={difference < 0 ? 'teal.9' : 'red.8'}>
                        {difference < 0 ? '−' : '+'}KES {formatAmount(Math.abs(difference))}
                      </Table.Td>
                      <Table.Td>{change.changedBy}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}
