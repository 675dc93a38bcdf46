import { Seo } from '@dealership/web-ui';
import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PlaceholderPageProps {
  /** The page heading, as the spec words it. */
  title: string;
  /** Meta description; a generic one otherwise. */
  description?: string;
  children?: ReactNode;
  noIndex?: boolean;
}

/** A page whose screen is built in a later issue: heading, a short note and its SEO head. */
export function PlaceholderPage({ title, description, children, noIndex = false }: PlaceholderPageProps) {
  return (
    <Container size="xl" py={48}>
      <Seo
        title={title}
        description={description ?? `${title}: quality new and used cars from our dealership in Mombasa, Kenya.`}
        noIndex={noIndex}
      />
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        {children ?? <Text c="gray.7">This page is coming soon.</Text>}
      </Stack>
    </Container>
  );
}
