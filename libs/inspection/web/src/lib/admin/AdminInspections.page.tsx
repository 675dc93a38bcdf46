import { useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { QueryState, Seo } from '@dealership/web-ui';
import { Badge, Button, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ChecklistEditor } from './ChecklistEditor';
import { InspectionForm } from './InspectionForm';

/**
 * The back office's inspections: every car with its inspection (when, how many points flagged),
 * the form to record or replace one, and for owners the checklist's dated versions.
 */
export function AdminInspectionsPage() {
  const { session } = useAuth();
  const cars = trpc.inspection.cars.useQuery();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ carId: string; name: string } | null>(null);
  const needle = search.trim().toLowerCase();
  const shown = (cars.data ?? []).filter((car) => !needle || `${car.name} ${car.stockNumber}`.toLowerCase().includes(needle));

  return (
    <Stack gap="xl">
      <Seo title="Inspections" description="The cars' inspection reports." noIndex />
      <Title order={1} size="h2">
        Inspections
      </Title>
      {chosen ? (
        <Paper withBorder radius="md" p="md">
          <InspectionForm key={chosen.carId} carId={chosen.carId} carName={chosen.name} onDone={() => setChosen(null)} />
        </Paper>
      ) : (
        <Stack gap="sm">
          <TextInput
            label="Find a car"
            placeholder="Name or stock number"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={360}
          />
          <QueryState query={cars} loadingLabel="Loading the cars…" errorTitle="Could not load the cars">
            {() => (
              <Table.ScrollContainer minWidth={560}>
                <Table striped highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Car</Table.Th>
                      <Table.Th>Stock No.</Table.Th>
                      <Table.Th>Inspected</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((car) => (
                      <Table.Tr key={car.carId}>
                        <Table.Td>{car.name}</Table.Td>
                        <Table.Td>{car.stockNumber}</Table.Td>
                        <Table.Td>
                          {car.inspectedOn ? (
                            <>
                              {car.inspectedOn}{' '}
                              {car.attention || car.failed ? (
                                <Badge color="orange" variant="light">
                                  {(car.attention ?? 0) + (car.failed ?? 0)} flagged
                                </Badge>
                              ) : null}
                            </>
                          ) : (
                            <Text span c="gray.7" size="sm">
                              Not yet
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Button size="xs" variant="light" onClick={() => setChosen({ carId: car.carId, name: car.name })}>
                            {car.inspectedOn ? 'Replace' : 'Record inspection'}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </QueryState>
        </Stack>
      )}
      {session?.user.staffRole === 'owner' ? (
        <Paper withBorder radius="md" p="md">
          <ChecklistEditor />
        </Paper>
      ) : null}
    </Stack>
  );
}
