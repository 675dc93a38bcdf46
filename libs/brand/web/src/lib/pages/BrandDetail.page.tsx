import { MAX_PAGE_SIZE, sitePath } from '@dealership/shared-schemas';
import { META_DESCRIPTION_LENGTH } from '@dealership/car-model';
import { metaDescription } from '@dealership/shared-util';
import { trpc } from '@dealership/web-trpc-client';
import { Breadcrumb, breadcrumbJsonLd, carItemListJsonLd, ErrorState, IMAGE_FULL_WIDTH, imageSrcSet, PageLoader, Seo, useSiteConfig } from '@dealership/web-ui';
import { Anchor, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { BrandCarCard } from '../BrandCarCard/BrandCarCard';
import classes from './BrandDetail.page.module.css';

/** Cars shown on a brand page: one request, the largest page the API serves. */
export const BRAND_PAGE_CARS = MAX_PAGE_SIZE;

/** tRPC error codes that mean "no such brand" (an unknown slug, or one that cannot be a slug). */
const MISSING_CODES: readonly string[] = ['NOT_FOUND', 'BAD_REQUEST'];
const COLS = { base: 1, xs: 2, md: 3 } as const;

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

function InventorySkeleton() {
  return (
    <SimpleGrid cols={COLS} spacing="lg" role="status" aria-label="Loading vehicles">
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} padding="md" aria-hidden="true">
          <Card.Section>
            <Skeleton style={{ aspectRatio: '3 / 2' }} radius={0} />
          </Card.Section>
          <Skeleton h={20} w="70%" mt="md" />
          <Skeleton h={14} mt="xs" />
          <Skeleton h={24} w="50%" mt="xs" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A brand with its cars (`/brand/:slug`, spec §2). */
export function BrandDetailPage() {
  const { slug = '' } = useParams();
  const { publicUrl } = useSiteConfig();
  const noRetryWhenMissing = {
    retry: (failures: number, error: { data?: { code?: string } | null }) => !MISSING_CODES.includes(error.data?.code ?? '') && failures < 1,
  };
  // Both start in the same render, so they travel in one batched HTTP request.
  const brand = trpc.brand.bySlug.useQuery({ slug }, noRetryWhenMissing);
  const cars = trpc.car.list.useQuery({ brands: [slug], pageSize: BRAND_PAGE_CARS }, noRetryWhenMissing);

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

  let inventory;
  if (cars.isPending) inventory = <InventorySkeleton />;
  else if (cars.isError)
    inventory = <ErrorState title={`Could not load the ${name} vehicles`} onRetry={() => void cars.refetch()} retrying={cars.isFetching} />;
  else if (cars.data.total === 0)
    inventory = (
      <Stack align="center" gap="sm" py="xl" ta="center">
        <Text size="lg" fw={600}>
          Currently no {name} vehicles in stock
        </Text>
        <Button component={Link} to={sitePath('cars')}>
          Browse All Vehicles
        </Button>
      </Stack>
    );
  else
    inventory = (
      <Stack gap="lg">
        <SimpleGrid cols={COLS} spacing="lg">
          {cars.data.items.map((car, index) => (
            // The first photo is the largest element a phone shows first: loaded at once, not lazily.
            <BrandCarCard key={car.id} car={car} priority={index === 0} />
          ))}
        </SimpleGrid>
        {cars.data.total > cars.data.items.length ? (
          <Group justify="center">
            <Anchor component={Link} to={`${sitePath('cars')}?brands=${encodeURIComponent(slug)}`} fw={700}>
              See all {cars.data.total.toLocaleString('en-KE')}
              {cars.data.totalCapped ? '+' : ''} {name} vehicles
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    );

  return (
    <Container size="xl" py={32}>
      <Seo
        title={title}
        description={metaDescription(metaText, META_DESCRIPTION_LENGTH)}
        path={sitePath('brand', { slug: brand.data.slug })}
        image={logo?.url}
        jsonLd={[...(cars.data ? [carItemListJsonLd(cars.data.items, publicUrl, title)] : []), breadcrumbJsonLd(trail, publicUrl)]}
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
          {cars.data
            ? `Available ${name} Inventory (${cars.data.total.toLocaleString('en-KE')}${cars.data.totalCapped ? '+' : ''} Vehicles)`
            : `Available ${name} Inventory`}
        </Title>
        {inventory}
      </section>
    </Container>
  );
}
