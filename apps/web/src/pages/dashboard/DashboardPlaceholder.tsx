import { Seo } from '@dealership/web-ui';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dashboard screen built in a later issue. */
export function DashboardPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Seo title={title} description={`${title} in the dealership dashboard.`} noIndex />
      <Stack gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children ?? <Text c="gray.7">This screen is coming soon.</Text>}
      </Stack>
    </Paper>
  );
}
