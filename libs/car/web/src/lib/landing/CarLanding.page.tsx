import { type CarLandingInput, landingOfRoute, META_DESCRIPTION_LENGTH } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { metaDescription } from '@dealership/shared-util';
import { trpc } from '@dealership/web-trpc-client';
import { Breadcrumb, breadcrumbJsonLd, carItemListJsonLd, ErrorState, PageLoader, Seo, useSiteConfig } from '@dealership/web-ui';
import { Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { skipToken } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CarListing, useCarListing } from '../listing/CarListing';
import { landingDescription, landingFixedFilters, landingIntro, landingLinks, type LandingLinkGroup, landingWords } from './landing-pages';

/** tRPC error codes that mean "no such page" (an unknown combination, or a value no address can hold). */
const MISSING_CODES: readonly string[] = ['NOT_FOUND', 'BAD_REQUEST'];

/** An address of no landing page (the server answers it 404): a way on to every car. */
function LandingNotFound() {
  return (
    <Container size="md" py={48}>
      <Seo title="404 Page Not Found" description="The page you are looking for could not be found." noIndex />
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>404 Page Not Found</Title>
        <Text c="gray.7">We have no page of cars at this address. Have a look at everything we have in stock.</Text>
        <Button component={Link} to={sitePath('cars')} size="md">
          Browse all cars
        </Button>
      </Stack>
    </Container>
  );
}

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 } as const;
// Tap targets of at least 24 px on a phone.
const LINK_STYLE = { display: 'inline-block', minHeight: 24, paddingBlock: 2, color: 'var(--mantine-color-anchor)' } as const;

/** The links between the landing pages, a list per group. */
function LandingLinks({ groups, label = 'More cars' }: { groups: LandingLinkGroup[]; label?: string }) {
  return (
    <SimpleGrid component="nav" aria-label={label} cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" mt="xl">
      {groups.map((group) => (
        <div key={group.title}>
          <Title order={2} size="h4" mb="xs">
            {group.title}
          </Title>
          {/* Plain styles, not a stylesheet of its own: one file less on every landing page's first load. */}
          <ul style={LIST_STYLE}>
            {group.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} style={LINK_STYLE}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * A landing page (issue 30): /cars with fixed filters, at an address of its own (`/cars/body/suv`,
 * `/cars/under/1.5-million`, `/cars/foreign-used`, `/cars/toyota/land-cruiser-prado`), with an
 * introduction stating its figures, structured data listing its cars and links to its neighbours.
 * The buyer can still refine it; an unknown address is the not-found page (the server answers 404).
 */
export function CarLandingPage() {
  const { condition, group, value } = useParams();
  // `/cars/:condition` or `/cars/:group/:value` (SITE_ROUTES), told apart by their params.
  const { input, fixed } = useMemo(() => {
    const landing = landingOfRoute(group === undefined ? 'carsCondition' : 'carsLanding', { condition, group, value }) as CarLandingInput;
    return { input: landing, fixed: landingFixedFilters(landing) };
  }, [condition, group, value]);
  if (!fixed) return <LandingNotFound />;
  return <KnownLanding input={input} fixed={fixed} />;
}

function KnownLanding({ input, fixed }: { input: CarLandingInput; fixed: NonNullable<ReturnType<typeof landingFixedFilters>> }) {
  const { publicUrl } = useSiteConfig();
  const noRetryWhenMissing = {
    retry: (failures: number, error: { data?: { code?: string } | null }) => !MISSING_CODES.includes(error.data?.code ?? '') && failures < 1,
  };
  // All start in the same render, so they travel in one batched request.
  const landing = trpc.car.landing.useQuery(input, noRetryWhenMissing);
  const models = trpc.car.models.useQuery(input.page === 'model' ? { brand: input.brand } : skipToken);
  const listing = useCarListing(fixed);
  const { list } = listing;

  if (landing.isPending) return <PageLoader label="Loading cars…" />;
  if (landing.isError) {
    if (MISSING_CODES.includes(landing.error.data?.code ?? '')) return <LandingNotFound />;
    return (
      <Container size="md" py="xl">
        <Seo title="Cars" description="Cars for sale at our dealership in Mombasa, Kenya." noIndex />
        <ErrorState title="Could not load these cars" onRetry={() => void landing.refetch()} retrying={landing.isFetching} />
      </Container>
    );
  }
  const words = landingWords(input, landing.data);
  if (!words) return <LandingNotFound />;

  const trail = [{ label: 'Home', to: '/' }, { label: 'Cars', to: sitePath('cars') }, ...words.trail, { label: words.label }];
  const groups = landingLinks(input, landing.data, models.data);
  const empty = landing.data.count === 0;

  return (
    <Container size="xl" py={32}>
      <Seo
        title={words.heading}
        description={metaDescription(landingDescription(words, landing.data), META_DESCRIPTION_LENGTH)}
        path={words.path}
        image={list.data?.items[0]?.images[0]?.url}
        jsonLd={[...(list.data ? [carItemListJsonLd(list.data.items, publicUrl, words.heading)] : []), breadcrumbJsonLd(trail, publicUrl)]}
      />
      <Breadcrumb items={trail} />
      <Stack gap={4} my="xl">
        <Title order={1}>{words.heading}</Title>
        <Text c="gray.7" maw={760}>
          {landingIntro(words, landing.data)}
        </Text>
      </Stack>

      {empty ? (
        // A known page without cars now: it says so and leads on to its neighbours.
        <Stack gap="lg" py="md">
          <Text>Have a look at these instead, or ask us to find one for you.</Text>
          <LandingLinks groups={groups.slice(0, 1)} label="Similar cars" />
          <div>
            <Button component={Link} to={sitePath('cars')} variant="light">
              Browse all cars
            </Button>
          </div>
        </Stack>
      ) : (
        <CarListing
          listing={listing}
          empty={
            <Stack align="center" gap="sm" py="xl" ta="center">
              <Title order={2} size="h3">
                No {words.many} match your filters
              </Title>
              <Text c="gray.7">Try fewer filters, or see every one we have.</Text>
              <Button component={Link} to={words.path} variant="light">
                Show all {words.many}
              </Button>
            </Stack>
          }
        />
      )}
      <LandingLinks groups={empty ? groups.slice(1) : groups} />
    </Container>
  );
}
