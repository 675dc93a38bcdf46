import { META_DESCRIPTION_LENGTH } from '@dealership/car-schemas';
import { metaDescription } from '@dealership/shared-util';
import { trpc } from '@dealership/web-trpc-client';
import { carItemListJsonLd, Seo, useSiteConfig } from '@dealership/web-ui';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CarResults } from '../CarResults/CarResults';
import { toCarListInput } from '../filters/car-filter-params';
import { FilterPanel } from '../filters/FilterPanel';
import { useCarFilters } from '../filters/useCarFilters';
import classes from './Listing.module.css';

/** Cards per page of a listing (fills 1, 2 and 3 columns evenly). */
export const LISTING_PAGE_SIZE = 12;

const HEADING = 'Premium Cars for Sale in Mombasa, Kenya';

const DESCRIPTION =
  'Browse premium new, foreign-used and locally used cars for sale in Mombasa, Kenya: Toyota, Subaru, Mazda, Nissan, Mercedes-Benz and more, from a dealer with a 100% delivery record, with import on your behalf, financing and trade-ins.';

/** All cars (`/cars`, spec §2): filters in the URL, one server-side page of results at a time. */
export function CarsPage() {
  const { publicUrl } = useSiteConfig();
  const { filters, update } = useCarFilters();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsTop = useRef<HTMLDivElement>(null);
  const brands = trpc.brand.list.useQuery();
  const list = trpc.car.list.useQuery(toCarListInput(filters, LISTING_PAGE_SIZE), {
    // The previous results stay (dimmed) while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

  const changePage = (page: number) => {
    update({ page });
    resultsTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Container size="xl" py={40}>
      <Seo
        title={HEADING}
        description={metaDescription(DESCRIPTION, META_DESCRIPTION_LENGTH)}
        path="/cars"
        image={list.data?.items[0]?.documents[0]?.url}
        jsonLd={list.data ? carItemListJsonLd(list.data.items, publicUrl, HEADING) : undefined}
      />
      <Stack gap={4} mb="xl">
        <Title order={1}>{HEADING}</Title>
        <Text c="gray.7" maw={720}>
          Every car we sell reaches its owner: we are proud of our 100% delivery record across Kenya.
        </Text>
      </Stack>

      <div className={classes.layout}>
        <div>
          <Button
            hiddenFrom="md"
            variant="light"
            fullWidth
            mb="md"
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            aria-controls="car-filters"
          >
            {filtersOpen ? 'Close Filters' : 'Show Filters'}
          </Button>
          <div id="car-filters" className={classes.panel} data-open={filtersOpen || undefined}>
            <FilterPanel
              filters={filters}
              brands={brands.data}
              brandsError={brands.isError}
              onRetryBrands={() => void brands.refetch()}
              onChange={update}
            />
          </div>
        </div>
        <div className={classes.results}>
          <div ref={resultsTop} className={classes.resultsTop} />
          <CarResults
            page={list.data}
            isPending={list.isPending}
            isError={list.isError}
            isRefreshing={list.isPlaceholderData}
            onRetry={() => void list.refetch()}
            onPageChange={changePage}
            pageSize={LISTING_PAGE_SIZE}
            empty={
              <Stack align="center" gap="sm" py="xl" ta="center">
                <Title order={2} size="h3">
                  No cars match your filters
                </Title>
                <Text c="gray.7">Try another brand or price range, or see everything we have in stock.</Text>
                <Button component={Link} to="/cars" variant="light">
                  Show all cars
                </Button>
              </Stack>
            }
          />
        </div>
      </div>
    </Container>
  );
}
