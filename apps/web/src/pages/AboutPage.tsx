import { sitePath } from '@dealership/shared-schemas';
import { ABOUT_OPENING_HOURS, autoDealerJsonLd, Seo, telHref, useSiteConfig } from '@dealership/web-ui';
import { Blockquote, Button, Container, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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
    text: 'New, foreign-used and locally used vehicles, each one inspected before it reaches our showroom.',
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
  return (
    <Container size="xl" py={48}>
      <Seo
        title="About Us"
        description={DESCRIPTION}
        path={sitePath('about')}
        jsonLd={autoDealerJsonLd(site, {
          description: DESCRIPTION,
          // Spec §1: the about page's structured data states Mon-Fri 08:00-17:00 and Sat 08:00-13:00.
          openingHoursSpecification: ABOUT_OPENING_HOURS.map((hours) => ({
            '@type': 'OpeningHoursSpecification',
            ...hours,
          })),
        })}
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
