import { type QueryResult, type RouterOutputs, trpc } from '@dealership/web-trpc-client';
import { deferredComponent } from '@dealership/web-ui';
import type { CarListInput, CarSort } from '@dealership/car-schemas';
import { Button, Group } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RenderCarCard } from '../CarGrid/CarGrid';
import { CarResults } from '../CarResults/CarResults';
import { SelectField } from '../controls/controls';
import { SORT_LABELS, toCarListInput, type CarFilters } from '../filters/car-filter-params';
import type { FilterPanelProps } from '../filters/FilterPanel';
import { type CarFiltersApi, useCarFilters } from '../filters/useCarFilters';
import classes from '../pages/Listing.module.css';

/**
 * The filter panel, written by the server with the listing; its code (about 2 KB) comes after the
 * page's: on a phone it is a closed sheet, and on a wide screen the results and the sort answer
 * first. This keeps /cars and the landing pages within the 150 KB first-load budget (bundle-check).
 */
const DeferredFilterPanel = deferredComponent<FilterPanelProps>(async () => (await import('../filters/FilterPanel')).FilterPanel, {
  source: 'libs/car/web/src/lib/filters/FilterPanel.tsx',
  minHeight: 480,
  label: 'Loading the filters…',
});

/** Cards per page of a listing (fills 1, 2 and 3 columns evenly). */
export const LISTING_PAGE_SIZE = 12;

/**
 * A listing's fixed filters (a landing page: `/cars/body/suv` is /cars with the body type fixed).
 * The buyer refines the rest in the URL's query as on /cars; a change to a fixed one leaves the page.
 */
export interface FixedCarFilters {
  /** Shown as set in the panel, and sent. */
  filters: Partial<CarFilters>;
  /** Sent beside them: what the panel does not show (a model, a price ceiling). */
  input: Partial<CarListInput>;
  /** The address a change to `next` leads to when it changes a fixed filter (another page), else undefined. */
  leaveFor: (next: CarFilters) => string | undefined;
}

/** What `useCarListing` returns: the filters, the brands for the panel, a page of cars. */
export interface CarListingState extends CarFiltersApi {
  brands: QueryResult<RouterOutputs['brand']['list']>;
  list: QueryResult<RouterOutputs['car']['list']>;
}

/**
 * The state of a filtered listing (`/cars`, `/car-search`, the landing pages): the filters from the
 * URL (and the page's fixed ones), the brands for the panel, and one server-side page of cars (the
 * previous page stays, dimmed, while the next loads).
 */
export function useCarListing(fixed?: FixedCarFilters): CarListingState {
  const fromUrl = useCarFilters();
  const { filters, update } = useFixedFilters(fromUrl, fixed);
  const brands = trpc.brand.list.useQuery();
  const list = trpc.car.list.useQuery({ ...toCarListInput(filters, LISTING_PAGE_SIZE), ...fixed?.input }, { placeholderData: keepPreviousData });
  return { filters, update, brands, list };
}

/** The URL's filters with the fixed ones over them; a change to a fixed one goes where `leaveFor` says. */
function useFixedFilters({ filters: fromUrl, update: updateUrl }: CarFiltersApi, fixed: FixedCarFilters | undefined): CarFiltersApi {
  const navigate = useNavigate();
  const filters = useMemo(() => (fixed ? { ...fromUrl, ...fixed.filters } : fromUrl), [fromUrl, fixed]);
  const update = useCallback<CarFiltersApi['update']>(
    (change, options) => {
      const leaveFor = fixed?.leaveFor({ ...filters, page: 1, ...change });
      if (leaveFor === undefined) updateUrl(change, options);
      else navigate(leaveFor);
    },
    [filters, fixed, navigate, updateUrl],
  );
  return { filters, update };
}

export interface CarListingProps {
  listing: CarListingState;
  /** Whether the panel has its own search box (/cars) or the page has one (/car-search). */
  withSearch?: boolean;
  /** What to show when no car matches. */
  empty: ReactNode;
  /** A page's own card (the brand page's); `CarCard` by default. */
  renderCard?: RenderCarCard;
}

const sortOptions = (Object.keys(SORT_LABELS) as CarSort[]).map((value) => ({ value, label: SORT_LABELS[value] }));

/** How many cars match, as the phone's "Show N cars" button says it. */
export function showCarsLabel(total: number | undefined, capped = false): string {
  if (total === undefined) return 'Show cars';
  return `Show ${total.toLocaleString('en-KE')}${capped ? '+' : ''} ${total === 1 && !capped ? 'car' : 'cars'}`;
}

/**
 * The filter panel (always shown from 992 px; below, a full-screen sheet opened by 'Show Filters'
 * and closed by 'Close Filters' at its top or its sticky 'Show N cars', spec §9) beside the sort control and one page of results. The sheet is
 * CSS over the same panel, not Mantine's Drawer, to keep /cars within its JavaScript budget.
 */
export function CarListing({ listing, withSearch = true, empty, renderCard }: CarListingProps) {
  const { filters, update, brands, list } = listing;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsTop = useRef<HTMLDivElement>(null);

  const changePage = (page: number) => {
    update({ page });
    resultsTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className={classes.layout}>
      <div>
        <Button hiddenFrom="md" variant="light" fullWidth mb="md" onClick={() => setFiltersOpen(true)} aria-expanded={filtersOpen} aria-controls="car-filters">
          Show Filters
        </Button>
        <div id="car-filters" className={classes.panel} data-open={filtersOpen || undefined}>
          <div className={classes.closeFilters}>
            <Button variant="light" fullWidth onClick={() => setFiltersOpen(false)} aria-expanded={filtersOpen} aria-controls="car-filters">
              Close Filters
            </Button>
          </div>
          <DeferredFilterPanel
            filters={filters}
            brands={brands.data}
            brandsError={brands.isError}
            onRetryBrands={() => void brands.refetch()}
            onChange={update}
            withSearch={withSearch}
          />
          <div className={classes.showCars}>
            <Button fullWidth onClick={() => setFiltersOpen(false)} aria-controls="car-filters">
              {showCarsLabel(list.data?.total, list.data?.totalCapped)}
            </Button>
          </div>
        </div>
      </div>
      <div className={classes.results}>
        <div ref={resultsTop} className={classes.resultsTop} />
        <Group justify="flex-end" mb="md">
          <div className={classes.sort}>
            <SelectField<CarSort> label="Sort by" options={sortOptions} value={filters.sort} onChange={(sort) => update({ sort: sort ?? 'newest' })} />
          </div>
        </Group>
        <CarResults
          page={list.data}
          isPending={list.isPending}
          isError={list.isError}
          isRefreshing={list.isPlaceholderData}
          onRetry={() => void list.refetch()}
          onPageChange={changePage}
          pageSize={LISTING_PAGE_SIZE}
          empty={empty}
          renderCard={renderCard}
        />
      </div>
    </div>
  );
}
