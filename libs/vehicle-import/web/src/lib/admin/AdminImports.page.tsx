import { formatKes } from '@dealership/shared-util';
import { IMPORT_MILESTONES, type ImportBoard, type ImportMilestone } from '@dealership/vehicle-import-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { QueryState, Seo } from '@dealership/web-ui';
import { Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import classes from './AdminImports.module.css';
import { NewImport } from '../open/OpenImport';
import { ImportCard } from './ImportCard';
import { stageLabel } from './import-words';

/** The search waits this long after the last key (one board query per pause, not per letter). */
const SEARCH_DELAY_MS = 300;

/** The report's three figures above the board. */
function ImportFigures({ report }: { report: ImportBoard['report'] }) {
  const median = report.medianDaysBoughtToDelivered;
  const figures = [
    { label: 'Median days bought to delivered', value: median === null ? 'None delivered yet' : `${Math.round(median)} days` },
    { label: 'In transit', value: String(report.inTransit) },
    { label: 'Money held for imports', value: formatKes(report.moneyHeldKes) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder radius="md" p="sm">
          <Text size="sm" c="gray.7">
            {figure.label}
          </Text>
          <Text fw={700} size="xl">
            {figure.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The imports by stage, in the milestones' order, each column headed with its count. */
function ImportColumns({ board, includeDelivered }: { board: ImportBoard; includeDelivered: boolean }) {
  const stages: (ImportMilestone | null)[] = [null, ...IMPORT_MILESTONES.filter((stage) => includeDelivered || stage !== 'delivered')];
  return (
    <div className={classes.board}>
      {stages.map((stage) => {
        const cards = board.cards.filter((card) => card.stage === stage);
        const label = stageLabel(stage);
        return (
          <section key={stage ?? 'open'} className={classes.column} aria-label={label} data-empty={cards.length === 0 || undefined}>
            <Title order={2} size="h5" mb="xs">
              {label} ({board.counts[stage ?? 'open'] ?? cards.length})
            </Title>
            <Stack gap="xs">
              {cards.length ? (
                cards.map((card) => <ImportCard key={card.id} card={card} />)
              ) : (
                <Text size="sm" c="gray.7">
                  None
                </Text>
              )}
            </Stack>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The back office's imports board: the report's figures, then every import under way by stage,
 * the overdue ones marked with why; each card opens its import.
 */
export function AdminImportsPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [includeDelivered, setIncludeDelivered] = useState(false);
  const board = trpc.vehicleImport.board.useQuery(
    { search: debouncedSearch || undefined, overdueOnly: overdueOnly || undefined, includeDelivered: includeDelivered || undefined },
    { placeholderData: keepPreviousData },
  );

  return (
    <Stack gap="lg">
      <Seo title="Imports" description="Cars imported on behalf of buyers." noIndex />
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Imports
        </Title>
        <NewImport />
      </Group>
      {board.data ? <ImportFigures report={board.data.report} /> : null}
      <Group gap="md" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Reference, buyer, phone, car or chassis"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <Switch label="Overdue only" checked={overdueOnly} onChange={(event) => setOverdueOnly(event.currentTarget.checked)} mb={8} />
        <Switch label="Show delivered" checked={includeDelivered} onChange={(event) => setIncludeDelivered(event.currentTarget.checked)} mb={8} />
      </Group>
      <QueryState
        query={board}
        loadingLabel="Loading the imports…"
        errorTitle="Could not load the imports"
        keepDataOnError
        isEmpty={(data) => data.cards.length === 0}
        empty={debouncedSearch || overdueOnly ? 'No import matches these filters.' : 'No imports yet.'}
      >
        {(data) => <ImportColumns board={data} includeDelivered={includeDelivered} />}
      </QueryState>
    </Stack>
  );
}
