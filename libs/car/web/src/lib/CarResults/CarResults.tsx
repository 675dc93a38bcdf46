import type { CarPage } from '@dealership/car-schemas';
import { ErrorState } from '@dealership/web-ui';
import { Box, Button, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CarGrid, CarGridSkeleton, type RenderCarCard } from '../CarGrid/CarGrid';
import { Pager } from '../controls/controls';
import classes from './CarResults.module.css';

export interface CarResultsProps {
  page: CarPage | undefined;
  isPending: boolean;
  isError: boolean;
  /** A new page or filter is loading while the previous results stay on screen. */
  isRefreshing: boolean;
  onRetry: () => void;
  onPageChange: (page: number) => void;
  /** Shown when nothing matches. */
  empty: ReactNode;
  /** Cards per page, for the loading placeholders. */
  pageSize: number;
  /** A page's own card (`CarCard` by default). */
  renderCard?: RenderCarCard;
}

/**
 * How many cars a page's filters match, for the count line: `3 cars`, `1 car`, `9,500 cars`, or
 * `10,000+ cars` when the server's count stopped at its cap (`totalCapped`).
 */
export function carTotalText({ total, totalCapped }: Pick<CarPage, 'total' | 'totalCapped'>): string {
  return `${total.toLocaleString('en-KE')}${totalCapped ? '+' : ''} ${total === 1 && !totalCapped ? 'car' : 'cars'}`;
}

/** One page of listing results: cards, a count and page buttons, with loading, error and empty states. */
export function CarResults({ page, isPending, isError, isRefreshing, onRetry, onPageChange, empty, pageSize, renderCard }: CarResultsProps) {
  if (isPending) return <CarGridSkeleton count={pageSize} label="Loading cars" layout="withPanel" />;
  if (isError && !page) {
    return (
      <ErrorState
        title="Could not load the cars"
        message="Our inventory is not reachable right now. Please check your connection and try again."
        onRetry={onRetry}
      />
    );
  }
  if (!page || page.total === 0) return <>{empty}</>;

  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;

  return (
    <Stack gap="lg">
      {/* The results' heading (the cards' titles are h3): the page's outline reads h1, h2, h3. */}
      <Text component="h2" size="sm" fw={400} c="gray.7" m={0} aria-live="polite">
        {page.items.length > 0 ? `Showing ${first}-${last} of ${carTotalText(page)}` : `${carTotalText(page)} found`}
      </Text>
      {page.items.length > 0 ? (
        <Box className={classes.results} data-refreshing={isRefreshing || undefined} aria-busy={isRefreshing}>
          <CarGrid cars={page.items} priorityCount={2} layout="withPanel" renderCard={renderCard} />
        </Box>
      ) : (
        // A shared link to a page that no longer exists (fewer cars now).
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Text>There are no cars on this page.</Text>
            <Button variant="light" onClick={() => onPageChange(1)}>
              Go to the first page
            </Button>
          </Stack>
        </Center>
      )}
      {page.pageCount > 1 ? <Pager page={Math.min(page.page, page.pageCount)} total={page.pageCount} onChange={onPageChange} /> : null}
    </Stack>
  );
}
