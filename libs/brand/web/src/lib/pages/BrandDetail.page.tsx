import { sitePath } from '@dealership/shared-schemas';
import { type Car, META_DESCRIPTION_LENGTH } from '@dealership/car-model';
import type { CarPage } from '@dealership/car-schemas';
import { metaDescription } from '@dealership/shared-util';
import { trpc } from '@dealership/web-trpc-client';
import { Breadcrumb, breadcrumbJsonLd, carItemListJsonLd, ErrorState, IMAGE_FULL_WIDTH, imageSrcSet, PageLoader, Seo, useSiteConfig } from '@dealership/web-ui';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BrandCarCard } from '../BrandCarCard/BrandCarCard';
import classes from './BrandDetail.page.module.css';

/** tRPC error codes that mean "no such brand" (an unknown slug, or one that cannot be a slug). */
const MISSING_CODES: readonly string[] = ['NOT_FOUND', 'BAD_REQUEST'];

function BrandNotFound() {
  return (
    <Container size="md" py={48}>
      <Seo title="Brand Not Found" description="This brand is not in our listings. See all the brands we sell." noIndex />
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Brand Not Found</Title>
        <Text c="gray.7" maw={480}>
          We could not find this brand. Have a look at the makes we sell in Mombasa.
        </Text>
        <Button component={Link} to={sitePath('brands')} size="md">
          See All Brands
        </Button>
      </Stack>
    </Container>
  );
}

/**
 * The brand's cars as the buyer filtered and sorted them: the listing of /cars with the brand fixed,
 * assembled by the app (the car domain's), drawn with this page's cards.
 */
export interface BrandInventory {
  /** The page of the brand's cars on screen, once loaded (its `car.list` query starts in the same render as the brand's). */
  cars: CarPage | undefined;
  /** Whether the buyer narrowed the list: then none left is "no car matches", not "none in stock". */
  refined: boolean;
  /** The filters, sort, results and pages, drawing each car with `renderCard` and `empty` when none matches. */
  render: (parts: { renderCard: (car: Car, priority: boolean) => ReactNode; empty: ReactNode }) => ReactNode;
}

const renderCard = (car: Car, priority: boolean) => <BrandCarCard car={car} priority={priority} />;

/** A brand with its cars (`/brand/:slug`, spec §2), filtered and sorted as on /cars (issue 30). */
export function BrandDetailPage({ inventory }: { inventory: BrandInventory }) {
  const { slug = '' } = useParams();
  const { publicUrl } = useSiteConfig();
  const noRetryWhenMissing = {
    retry: (failures: number, error: { data?: { code?: string } | null }) => !MISSING_CODES.includes(error.data?.code ?? '') && failures < 1,
  };
  // The brand and its cars start in the same render, so they travel in one batched HTTP request.
  const brand = trpc.brand.bySlug.useQuery({ slug }, noRetryWhenMissing);
  const { cars, refined } = inventory;

  if (brand.isPending) return <PageLoader label="Loading brand…" />;
  if (brand.isError) {
    if (MISSING_CODES.includes(brand.error.data?.code ?? '')) return <BrandNotFound />;
    return (
      <Container size="md" py="xl">
        <Seo title="Brand" description="Car brands at our dealership in Mombasa, Kenya." noIndex />
        <ErrorState title="Could not load this brand" onRetry={() => void brand.refetch()} retrying={brand.isFetching} />
      </Container>
    );
  }

  const { name, description } = brand.data;
  const logo = brand.data.images[0];
  const title = `${name} Vehicles in Kenya`;
  const trail = [{ label: 'Home', to: '/' }, { label: 'Brands', to: sitePath('brands') }, { label: name }];
  const metaText = description ?? `${name} cars for sale in Mombasa, Kenya: new, foreign-used and locally used, with financing and trade-ins.`;

  const noMatch = (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={3}>No {name} vehicles match your filters</Title>
      <Text c="gray.7">Try fewer filters, or see every {name} we have.</Text>
      <Button component={Link} to={sitePath('brand', { slug: brand.data.slug })} variant="light">
        Show all {name} vehicles
      </Button>
    </Stack>
  );

  // While the cars load, the listing shows its own placeholders (no jump when they come).
  const results =
    cars?.total === 0 && !refined ? (
      <Stack align="center" gap="sm" py="xl" ta="center">
        <Text size="lg" fw={600}>
          Currently no {name} vehicles in stock
        </Text>
        <Button component={Link} to={sitePath('cars')}>
          Browse All Vehicles
        </Button>
      </Stack>
    ) : (
      inventory.render({ renderCard, empty: noMatch })
    );

  return (
    <Container size="xl" py={32}>
      <Seo
        title={title}
        description={metaDescription(metaText, META_DESCRIPTION_LENGTH)}
        path={sitePath('brand', { slug: brand.data.slug })}
        image={logo?.url}
        jsonLd={[...(cars ? [carItemListJsonLd(cars.items, publicUrl, title)] : []), breadcrumbJsonLd(trail, publicUrl)]}
      />
      <Breadcrumb items={trail} />

      <Group gap="xl" align="center" wrap="nowrap" my="xl" className={classes.header}>
        {logo ? (
          <img
            src={logo.url}
            srcSet={imageSrcSet(logo.url, IMAGE_FULL_WIDTH.logo)}
            sizes="120px"
            alt={`${name} logo`}
            width={120}
            height={120}
            // Low: the first car's photo is the page's largest paint and goes first on a slow
            // line (a logo at default priority was preloaded ahead of it: LCP 2.0 s on mobile).
            fetchPriority="low"
            className={classes.logo}
          />
        ) : null}
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          {description ? (
            <Text c="gray.7" maw={760}>
              {description}
            </Text>
          ) : null}
        </Stack>
      </Group>

      <section aria-labelledby="inventory-heading">
        <Title order={2} id="inventory-heading" mb="lg">
          {cars
            ? `Available ${name} Inventory (${cars.total.toLocaleString('en-KE')}${cars.totalCapped ? '+' : ''} Vehicles)`
            : `Available ${name} Inventory`}
        </Title>
        {results}
      </section>
    </Container>
  );
}
