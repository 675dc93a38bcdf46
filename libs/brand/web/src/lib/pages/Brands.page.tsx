import { sitePath } from '@dealership/shared-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { autoDealerJsonLd, ErrorState, Seo, useSiteConfig } from '@dealership/web-ui';
import { Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BrandGrid } from '../BrandGrid/BrandGrid';

const DESCRIPTION =
  'Browse the car brands we sell in Mombasa, Kenya: Toyota, Subaru, Mazda, Nissan and more, new and used, with import on your behalf and financing.';

function BrandGridSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="md" role="status" aria-label="Loading brands">
      {Array.from({ length: 12 }, (_, i) => (
        <Skeleton key={i} h={160} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** All brands (`/brands`). */
export function BrandsPage() {
  const site = useSiteConfig();
  const brands = trpc.brand.list.useQuery();

  let body;
  if (brands.isPending) body = <BrandGridSkeleton />;
  else if (brands.isError) body = <ErrorState title="Could not load the brands" onRetry={() => void brands.refetch()} retrying={brands.isFetching} />;
  else if (brands.data.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl">
        No brands are listed yet.
      </Text>
    );
  else body = <BrandGrid brands={brands.data} />;

  return (
    <Container size="xl" py={40}>
      <Seo
        title="Premium Car Brands Available in Kenya"
        description={DESCRIPTION}
        path={sitePath('brands')}
        image={brands.data?.[0]?.images[0]?.url}
        jsonLd={autoDealerJsonLd(site, brands.data ? { brand: brands.data.map((b) => ({ '@type': 'Brand', name: b.name })) } : {})}
      />
      <Stack gap="xs" mb="xl">
        <Title order={1}>Premium Car Brands Available in Kenya</Title>
        <Text c="gray.7" maw={640}>
          Choose a make to see every model we have in stock, new or used, ready for viewing in Mombasa.
        </Text>
      </Stack>
      {body}
    </Container>
  );
}
