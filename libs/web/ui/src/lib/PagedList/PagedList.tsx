import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageNav } from '../PageNav/PageNav';
import { QueryState, type QueryStateQuery } from '../QueryState/QueryState';

/** What `PagedList` shows of one page of a list (`lead.list`, `message.list`, ...). */
export interface ListPage<TItem> {
  items: TItem[];
  total: number;
  pageCount: number;
}

/** A back-office list's words. */
export interface PagedListCopy {
  /** The spinner's words ('Loading leads…'). */
  loading: string;
  /** The failed load's title ('Could not load the leads'). */
  error: string;
  /** What the count counts, singular and plural: `['lead', 'leads']`. */
  noun: readonly [one: string, many: string];
  /** Names the page navigation ('Lead pages'). */
  nav: string;
}

export interface PagedListProps<TPage extends ListPage<unknown>> {
  query: QueryStateQuery<TPage>;
  copy: PagedListCopy;
  /** The page asked for (1-based). */
  page: number;
  onPageChange: (page: number) => void;
  /** What a list without items says, inside the bordered empty-state box. */
  empty: ReactNode | ((data: TPage) => ReactNode);
  /** Said after the count ('· 2 failed'). */
  countSuffix?: (data: TPage) => string;
  /** The page's items. */
  children: (data: TPage) => ReactNode;
}

/**
 * One page of a back-office list in its query's states (see `QueryState`): the items, then the
 * count ('12 leads', spoken when it changes) and the page navigation.
 */
export function PagedList<TPage extends ListPage<unknown>>({ query, copy, page, onPageChange, empty, countSuffix, children }: PagedListProps<TPage>) {
  const [one, many] = copy.noun;
  return (
    <QueryState query={query} loadingLabel={copy.loading} errorTitle={copy.error} isEmpty={(data) => data.items.length === 0} empty={empty}>
      {(data) => (
        <Stack gap="md">
          {children(data)}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="gray.7" aria-live="polite">
              {`${data.total === 1 ? `1 ${one}` : `${data.total.toLocaleString('en-KE')} ${many}`}${countSuffix?.(data) ?? ''}`}
            </Text>
            <PageNav total={data.pageCount} page={page} onChange={onPageChange} label={copy.nav} size="sm" />
          </Group>
        </Stack>
      )}
    </QueryState>
  );
}
