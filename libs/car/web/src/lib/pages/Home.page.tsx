import { sitePath } from '@dealership/shared-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { homeOpeningHoursJsonLd } from '@dealership/content-schemas';
import { autoDealerJsonLd, deferredComponent, SITE_NAME, Seo, useSiteConfig, useSiteContent } from '@dealership/web-ui';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { AboutSection, BUSINESS_CLAIMS } from '../home/AboutSection';
import { BrandShowcase } from '../home/BrandShowcase';
import { HeroSearch } from '../home/HeroSearch';
import { LatestCars } from '../LatestCars/LatestCars';
import classes from './Home.page.module.css';

/**
 * The FAQ and the features, far below the fold: written by the server with the page, their code
 * comes after the page's (the home page's first load keeps within its 150 KB budget).
 */
const HomeClosing = deferredComponent(async () => (await import('../home/HomeClosing')).HomeClosing, {
  source: 'libs/car/web/src/lib/home/HomeClosing.tsx',
  minHeight: 900,
});

const DESCRIPTION =
  'New, foreign-used and locally used cars for sale in Mombasa, Kenya. Import on your behalf, financing and trade-ins from a dealer with a 100% delivery record.';

// Below the first paint: one chunk that comes after the page's (see home/after-first-paint.ts).
const afterFirstPaint = () => import('../home/after-first-paint');
const RecentlyViewed = lazy(async () => ({ default: (await afterFirstPaint()).RecentlyViewed }));

function Hero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-heading">
      <Container size="xl">
        <div className={classes.split}>
          <div>
            <Stack gap="lg">
              <Text className={classes.eyebrow}>Mombasa, Kenya</Text>
              <Title order={1} id="hero-heading" className={classes.title}>
                Quality Cars You Can Trust, Delivered in Mombasa
              </Title>
              <Text className={classes.lead}>
                New, foreign-used and locally used vehicles, imported on your behalf, with financing and trade-ins available.
              </Text>
              <div>
                <Button component={Link} to={sitePath('cars')} size="lg" color="amber.5">
                  Browse Our Inventory
                </Button>
              </div>
            </Stack>
          </div>
          <HeroSearch />
        </div>
        {/* Below the search on a phone: searching comes before reading figures. */}
        <div className={classes.stats}>
          {BUSINESS_CLAIMS.map((claim) => (
            <div key={claim.label}>
              <div className={classes.statValue}>{claim.value}</div>
              <div className={classes.statLabel}>{claim.label}</div>
            </div>
          ))}
        </div>
      </Container>
    </section>
  );
}

/** Home page (`/`, spec §2): hero with search, about and featured cars, brands, latest cars, FAQ, features. */
export function HomePage() {
  const site = useSiteConfig();
  const content = useSiteContent();
  // All three start together and travel in one batched request.
  const latest = trpc.car.latest.useQuery();
  const featured = trpc.car.featured.useQuery();
  const brands = trpc.brand.list.useQuery();

  return (
    <>
      <Seo
        title={`${SITE_NAME} | Quality New & Used Cars for Sale in Mombasa, Kenya`}
        description={DESCRIPTION}
        path="/"
        image={latest.data?.[0]?.images[0]?.url}
        jsonLd={autoDealerJsonLd(site, { openingHours: homeOpeningHoursJsonLd(content.hours) }, content)}
      />
      <Hero />
      <Container size="xl" py={48}>
        <Stack gap={64}>
          <AboutSection featured={featured.data} featuredLoading={featured.isPending} />
          <BrandShowcase brands={brands.data} isLoading={brands.isPending} isError={brands.isError} onRetry={() => void brands.refetch()} />
          <LatestCars
            cars={latest.data}
            isLoading={latest.isPending}
            isError={latest.isError}
            onRetry={() => void latest.refetch()}
            retrying={latest.isFetching}
          />
          <Suspense>
            <RecentlyViewed />
          </Suspense>
          <HomeClosing />
        </Stack>
      </Container>
    </>
  );
}
