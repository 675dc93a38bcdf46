import { IMPORT_MILESTONE_LABELS, type MyImport } from '@dealership/vehicle-import-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

const day = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeZone: 'UTC' });

function ImportItem({ item }: { item: MyImport }) {
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={`Import ${item.reference}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={700}>{item.car}</Text>
        <Badge color={item.stage === 'delivered' ? 'green' : 'blue'}>{item.stage ? IMPORT_MILESTONE_LABELS[item.stage] : 'Being bought'}</Badge>
      </Group>
      <Text size="sm" mt={4}>
        Import {item.reference} · {item.stage === 'delivered' ? 'Delivered' : `Expected at Mombasa ${day.format(new Date(`${item.expectedArrival}T12:00:00Z`))}`}
      </Text>
      <Anchor component={Link} to={item.trackingUrl} size="sm" fw={600}>
        Follow it step by step
      </Anchor>
    </Paper>
  );
}

/** The signed-in buyer's imports under My Orders; nothing for a buyer who has none. */
export function MyImports() {
  const mine = trpc.vehicleImport.mine.useQuery();
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-imports-heading" mt="xl">
      <Title order={2} size="h3" id="my-imports-heading">
        My imports
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {mine.data.map((item) => (
          <ImportItem key={item.reference} item={item} />
        ))}
      </Stack>
    </Stack>
  );
}
