import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the login and register pages: a heading, a line of context and the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Container size={480} py={{ base: 'xl', sm: 56 }} px="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="gray.7">{subtitle}</Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
