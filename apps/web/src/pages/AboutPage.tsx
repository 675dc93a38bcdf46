import { sitePath } from '@dealership/shared-schemas';
import { openingHoursSpecification, WEEKDAY_LABELS, WEEKDAYS } from '@dealership/content-schemas';
import { autoDealerJsonLd, Seo, telHref, useSiteConfig, useSiteContent } from '@dealership/web-ui';
import { Blockquote, Button, Container, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';

const DESCRIPTION =
  'Mombasa Car Dealership: new, foreign-used and locally used cars in Mombasa, Kenya, with import on your behalf, financing and trade-ins. 10+ years, 500+ customers, a 100% delivery record.';

/** Business claims (spec §1). */
const CLAIMS = [
  { value: '10+', label: 'Years of experience' },
  { value: '500+', label: 'Happy customers' },
  { value: '100%', label: 'Delivery record' },
] as const;

const SERVICES = [
  {
    title: 'New and used cars',
    text: 'New, foreign-used and locally used vehicles; a car marked Inspected shows its 150-point inspection report.',
  },
  {
    title: 'Import on your behalf',
    text: 'Tell us the car you want: we source it abroad, ship it to Mombasa and clear it through KRA for you.',
  },
  {
    title: 'Financing and trade-ins',
    text: 'Loans through our partner banks, and a fair price for your current car as part of the deal.',
  },
] as const;

/** `/about` (spec §2): the dealer's introduction and one testimonial. */
export function AboutPage() {
  const site = useSiteConfig();
  const content = useSiteContent();
  return (
    <Container size="xl" py={48}>
      <Seo
        title="About Us"
        description={DESCRIPTION}
        path={sitePath('about')}
        jsonLd={autoDealerJsonLd(
          site,
          {
            description: DESCRIPTION,
            // The hours the staff keep; by default spec §1's about-page reading, Mon-Fri 08:00-17:00 and Sat 08:00-13:00.
            openingHoursSpecification: openingHoursSpecification(content.hours),
          },
          content,
        )}
      />
      <Grid gap={48} align="center">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Title order={1}>About Us</Title>
            <Text size="lg" c="gray.8">
              We are a family-run car dealership in Mombasa, Kenya. For more than 10 years we have helped drivers across the coast and beyond find the right
              car, whether it is a first hatchback for the city, a pickup for the business or a seven-seater for the family.
            </Text>
            <Text c="gray.8">
              We sell new, foreign-used and locally used vehicles, import cars on our customers&apos; behalf through the Port of Mombasa, and arrange financing
              and trade-ins. Over 500 customers have bought from us, and every car we have sold has been delivered: a 100% delivery record we intend to keep.
            </Text>
            <Group gap="sm" mt="xs">
              <Button component={Link} to={sitePath('cars')} size="md">
                Explore Our Inventory
              </Button>
              <Button component="a" href={telHref(site.dealerPhone)} size="md" variant="outline">
                Call {site.dealerPhone}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SimpleGrid cols={3} spacing="sm">
            {CLAIMS.map((claim) => (
              <Paper key={claim.label} withBorder radius="md" p="md" ta="center">
                <Text fz={28} fw={800} c="navy.8" lh={1.1}>
                  {claim.value}
                </Text>
                <Text size="sm" c="gray.7">
                  {claim.label}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt={48}>
        {SERVICES.map((service) => (
          <Paper key={service.title} withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="xs">
              {service.title}
            </Title>
            <Text size="sm" c="gray.7">
              {service.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <section aria-labelledby="hours-heading">
        <Title order={2} id="hours-heading" mt={48} mb="md">
          Opening Hours
        </Title>
        <Paper withBorder radius="md" p="lg" maw={520}>
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 24px', margin: 0 }}>
            {WEEKDAYS.map((day) => (
              <Fragment key={day}>
                <dt style={{ fontWeight: 600 }}>{WEEKDAY_LABELS[day]}</dt>
                <dd style={{ margin: 0 }}>{content.hours[day].closed ? 'Closed' : `${content.hours[day].open}-${content.hours[day].close}`}</dd>
              </Fragment>
            ))}
          </dl>
          <Text size="sm" c="gray.7" mt="sm">
            {content.mapUrl ? (
              <a href={content.mapUrl} target="_blank" rel="noopener noreferrer">
                {content.address}
              </a>
            ) : (
              content.address
            )}
          </Text>
        </Paper>
      </section>

      <section aria-labelledby="testimonial-heading">
        <Title order={2} id="testimonial-heading" mt={48} mb="md">
          What Our Customers Say
        </Title>
        <Blockquote color="amber.6" radius="md" cite="— Amina W., Nyali, Mombasa" maw={820}>
          I bought a foreign-used Toyota Harrier through them. They sent me photos and the inspection report before I paid a shilling, cleared the car at the
          port and had it at my door within the week they promised. The price we agreed was the price I paid.
        </Blockquote>
      </section>
    </Container>
  );
}
