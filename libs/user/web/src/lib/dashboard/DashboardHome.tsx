import { Seo } from '@dealership/web-ui';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './DashboardHome.module.css';
import type { DashboardMenuItem } from './DashboardShell';

export interface DashboardHomeProps {
  /** Page title for the browser tab. */
  title: string;
  name: string | undefined;
  /** Account details shown under the welcome line. */
  details: readonly { label: string; value: string | undefined }[];
  /** Shortcuts to the area's screens. */
  shortcuts: readonly DashboardMenuItem[];
  /** More of the area's home, under the shortcuts (a buyer's requests). */
  children?: ReactNode;
}

/** A dashboard home: 'Welcome, ' plus the user's name (spec §2), the account details and shortcuts. */
export function DashboardHome({ title, name, details, shortcuts, children }: DashboardHomeProps) {
  return (
    <Stack gap="lg">
      <Seo title={title} description={`${title} of your dealership account.`} noIndex />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Welcome, {name || 'there'}
          </Title>
          <dl className={classes.details}>
            {details.map((detail) => (
              <div key={detail.label}>
                <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {detail.label}
                </Text>
                <Text component="dd" className={classes.value}>
                  {detail.value || '—'}
                </Text>
              </div>
            ))}
          </dl>
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {shortcuts.map((item) => (
          <Paper key={item.to} withBorder radius="md" p="md">
            <Anchor component={Link} to={item.to} fw={700}>
              {item.label}
            </Anchor>
          </Paper>
        ))}
      </SimpleGrid>
      {children}
    </Stack>
  );
}
