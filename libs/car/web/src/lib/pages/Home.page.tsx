import { SITE_NAME, Seo, useSiteConfig } from '@dealership/web-ui';
import { trpc } from '@dealership/web-trpc-client';
import { Button, Container, Grid, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LatestCars } from '../LatestCars/LatestCars';
import classes from './Home.page.module.css';

/** Business claims shown on the site (spec §1). */
const STATS = [
  { value: '100%', label: 'Delivery record' },
  { value: '10+', label: 'Years of experience' },
  { value: '500+', label: 'Happy customers' },
] as const;

/** Why buy here: facts the spec's FAQ states. */
const BENEFITS = [
  '150-point inspection on every used car',
  'Import on your behalf, duties and clearing handled',
  'Financing approval in 2-3 working days',
  'Trade in your current car',
] as const;

const DESCRIPTION =
  'New, foreign-used and locally used cars for sale in Mombasa, Kenya. Import on your behalf, financing and trade-ins from a dealer with a 100% delivery record.';

function Hero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-heading">
      <Container size="xl">
        <Grid gap="xl" align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Text className={classes.eyebrow}>Mombasa, Kenya</Text>
              <Title order={1} id="hero-heading" className={classes.title}>
                Quality Cars You Can Trust, Delivered in Mombasa
              </Title>
              <Text className={classes.lead}>
                New, foreign-used and locally used vehicles, imported on your behalf, with financing and trade-ins
                available.
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/cars" size="lg" color="amber.5">
                  Browse Our Inventory
                </Button>
                <Button component={Link} to="/contact" size="lg" variant="outline" color="white">
                  Visit Our Showroom
                </Button>
              </Group>
              <SimpleGrid cols={3} spacing="md" className={classes.stats} maw={560}>
                {STATS.map((stat) => (
                  <div key={stat.label}>
                    <div className={classes.statValue}>{stat.value}</div>
                    <div className={classes.statLabel}>{stat.label}</div>
                  </div>
                ))}
              </SimpleGrid>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
            <Paper className={classes.benefits} radius="lg" p="xl">
              <Title order={2} size="h3" c="white" mb="md">
                Why buy with us
              </Title>
              <List spacing="sm" icon={<span className={classes.tick} aria-hidden="true" />}>
                {BENEFITS.map((benefit) => (
                  <List.Item key={benefit} className={classes.benefit}>
                    {benefit}
                  </List.Item>
                ))}
              </List>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </section>
  );
}

/** Home page (`/`): hero and the latest cars. */
export function HomePage() {
  const { dealerPhone, publicUrl } = useSiteConfig();
  const latest = trpc.car.latest.useQuery();

  return (
    <>
      <Seo
        title={`${SITE_NAME} | Quality New & Used Cars for Sale in Mombasa, Kenya`}
        description={DESCRIPTION}
        path="/"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'AutoDealer',
          name: SITE_NAME,
          url: publicUrl,
          telephone: dealerPhone,
          currenciesAccepted: 'KES',
          address: { '@type': 'PostalAddress', addressLocality: 'Mombasa', addressCountry: 'KE' },
          // Spec §1: the home page's structured data states 08:00 to 17:00.
          openingHours: 'Mo-Sa 08:00-17:00',
        }}
      />
      <Hero />
      <Container size="xl" py={48}>
        <LatestCars
          cars={latest.data}
          isLoading={latest.isPending}
          isError={latest.isError}
          onRetry={() => void latest.refetch()}
          retrying={latest.isFetching}
        />
      </Container>
    </>
  );
}
