import { Container, Grid, NavLink as MantineNavLink, Paper, Stack, Title } from '@mantine/core';
import { NavLink, Outlet } from 'react-router-dom';

export interface DashboardMenuItem {
  to: string;
  label: string;
}

/** A dashboard frame: the side menu at left, the nested screen at right. */
export function DashboardShell({ heading, menu }: { heading: string; menu: readonly DashboardMenuItem[] }) {
  return (
    <Container size="xl" py={32}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="sm" component="nav" aria-label={heading}>
            <Title order={2} size="h5" px="sm" py="xs">
              {heading}
            </Title>
            <Stack gap={2}>
              {menu.map((item) => (
                <MantineNavLink
                  key={item.to}
                  component={NavLink}
                  to={item.to}
                  end
                  label={item.label}
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                />
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
