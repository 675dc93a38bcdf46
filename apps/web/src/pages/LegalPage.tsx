import { Seo } from '@dealership/web-ui';
import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export interface LegalPageProps {
  title: string;
  description: string;
  path: string;
  /** The day the text last changed (YYYY-MM-DD). */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** The frame of the privacy policy and the terms: a title, the date of the text, numbered sections. */
export function LegalPage({ title, description, path, updated, intro, sections }: LegalPageProps) {
  return (
    <Container size="md" py={48}>
      <Seo title={title} description={description} path={path} />
      <Stack gap="xs" mb="xl">
        <Title order={1}>{title}</Title>
        <Text c="gray.7" size="sm">
          Last updated{' '}
          <time dateTime={updated}>
            {new Date(`${updated}T00:00:00Z`).toLocaleDateString('en-KE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}
          </time>
        </Text>
      </Stack>
      <Stack gap="lg">
        <div>{intro}</div>
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`legal-${index}`}>
            <Title order={2} size="h4" id={`legal-${index}`} mb="xs">
              {index + 1}. {section.heading}
            </Title>
            <Stack gap="xs" c="gray.8">
              {section.body}
            </Stack>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
