import { META_DESCRIPTION_LENGTH } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { metaDescription } from '@dealership/shared-util';
import { carItemListJsonLd, Seo, useSiteConfig } from '@dealership/web-ui';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CarListing, useCarListing } from '../listing/CarListing';

// Below the listing: its code comes after the page's (the route had about 530 B of its JS budget left).
const RecentlySold = lazy(async () => ({ default: (await import('../recent/RecentlySold')).RecentlySold }));

const HEADING = 'Premium Cars for Sale in Mombasa, Kenya';

const DESCRIPTION =
  'Browse premium new, foreign-used and locally used cars for sale in Mombasa, Kenya: Toyota, Subaru, Mazda, Nissan, Mercedes-Benz and more, from a dealer with a 100% delivery record, with import on your behalf, financing and trade-ins.';

/** All cars (`/cars`, spec §2): filters in the URL, one server-side page of results at a time; `alerts`: the app's "get alerts for this search" control. */
export function CarsPage({ alerts }: { alerts?: ReactNode }) {
  const { publicUrl } = useSiteConfig();
  const listing = useCarListing();
  const { list } = listing;

  return (
    <Container size="xl" py={40}>
      <Seo
        title={HEADING}
        description={metaDescription(DESCRIPTION, META_DESCRIPTION_LENGTH)}
        path={sitePath('cars')}
        image={list.data?.items[0]?.images[0]?.url}
        jsonLd={list.data ? carItemListJsonLd(list.data.items, publicUrl, HEADING) : undefined}
      />
      <Stack gap={4} mb="xl">
        <Title order={1}>{HEADING}</Title>
        <Text c="gray.7" maw={720}>
          Every car we sell reaches its owner: we are proud of our 100% delivery record across Kenya.
        </Text>
        {alerts}
      </Stack>

      <CarListing
        listing={listing}
        empty={
          <Stack align="center" gap="sm" py="xl" ta="center">
            <Title order={2} size="h3">
              No cars match your filters
            </Title>
            <Text c="gray.7">Try another brand or price range, or see everything we have in stock.</Text>
            <Button component={Link} to={sitePath('cars')} variant="light">
              Show all cars
            </Button>
          </Stack>
        }
      />
      <Suspense>
        <RecentlySold />
      </Suspense>
    </Container>
  );
}
