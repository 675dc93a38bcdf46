import { notifyError } from '@dealership/web-ui';
import { Button, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A report's card: its title, its CSV export, its figures. */
export function Section({ title, onExport, children }: { title: string; onExport?: () => void; children: ReactNode }) {
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

/** A CSV export that failed, said in a notification. */
export const exportFailed = (error: unknown) => notifyError(error instanceof Error ? error.message : 'The export failed');
