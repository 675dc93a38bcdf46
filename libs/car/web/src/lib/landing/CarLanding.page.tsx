import { type CarLandingInput, landingOfRoute } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { type BreadcrumbItem, breadcrumbJsonLd, carItemListJsonLd, deferredComponent, PageLoader, Seo, useSiteConfig } from '@dealership/web-ui';
import { Container, Stack, Text, Title } from '@mantine/core';
import { lazy, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { CarListing, useCarListing } from '../listing/CarListing';
import type { LandingLinksProps } from './LandingLinks';
import { landingFixedFilters } from './landing-pages';

/** tRPC error codes that mean "no such page" (an unknown combination, or a value no address can hold). */
const MISSING_CODES: readonly string[] = ['NOT_FOUND', 'BAD_REQUEST'];

// The rare states (an address of no landing page, which the server answers 404; a failed load; no
// car left by the buyer's filters): their code comes when needed (LandingStates).
const LandingNotFound = lazy(async () => ({ default: (await import('./LandingStates')).LandingNotFound }));
const LandingLoadError = lazy(async () => ({ default: (await import('./LandingStates')).LandingLoadError }));
const LandingNoMatch = lazy(async () => ({ default: (await import('./LandingStates')).LandingNoMatch }));

/** The trail above the heading: plain links before its code has come (`Breadcrumb`), so it waits too. */
const DeferredTrail = deferredComponent<{ items: BreadcrumbItem[] }>(async () => (await import('./LandingTrail')).LandingTrail, {
  source: 'libs/car/web/src/lib/landing/LandingTrail.tsx',
  minHeight: 24,
});

/** The links to the neighbouring landing pages, below the fold: their code comes after the page's (bundle-check). */
const DeferredLandingLinks = deferredComponent<LandingLinksProps>(async () => (await import('./LandingLinks')).LandingLinks, {
  source: 'libs/car/web/src/lib/landing/LandingLinks.tsx',
  minHeight: 240,
});

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
  const listing = useCarListing(fixed);
  const { list } = listing;

  if (landing.isPending) return <PageLoader label="Loading cars…" />;
  if (landing.isError) {
    if (MISSING_CODES.includes(landing.error.data?.code ?? '')) return <LandingNotFound />;
    return <LandingLoadError onRetry={() => void landing.refetch()} retrying={landing.isFetching} />;
  }
  const { words, intro, description } = landing.data;

  const trail = [{ label: 'Home', to: '/' }, { label: 'Cars', to: sitePath('cars') }, ...words.trail, { label: words.label }];
  const empty = landing.data.count === 0;

  return (
    <Container size="xl" py={32}>
      <Seo
        title={words.heading}
        description={description}
        path={words.path}
        image={list.data?.items[0]?.images[0]?.url}
        jsonLd={[...(list.data ? [carItemListJsonLd(list.data.items, publicUrl, words.heading)] : []), breadcrumbJsonLd(trail, publicUrl)]}
      />
      <DeferredTrail items={trail} />
      <Stack gap={4} my="xl">
        <Title order={1}>{words.heading}</Title>
        <Text c="gray.7" maw={760}>
          {intro}
        </Text>
      </Stack>

      {empty ? (
        // A known page without cars now: it says so and leads on to its neighbours.
        <DeferredLandingLinks input={input} landing={landing.data} part="first" label="Similar cars" />
      ) : (
        <CarListing
          listing={listing}
          empty={<LandingNoMatch many={words.many} path={words.path} />}
        />
      )}
      <DeferredLandingLinks input={input} landing={landing.data} part={empty ? 'rest' : 'all'} />
    </Container>
  );
}
