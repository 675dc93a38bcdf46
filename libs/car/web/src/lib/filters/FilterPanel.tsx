import type { Brand } from '@dealership/brand-schemas';
import { PRICE_RANGES, type PriceRangeLabel } from '@dealership/car-schemas';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { CheckboxList, RadioList, TextField } from '../controls/controls';
import { EMPTY_FILTERS, type CarFilters } from './car-filter-params';
import classes from './FilterPanel.module.css';

/** Typing pauses this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 400;

export type BrandOption = Pick<Brand, 'id' | 'name' | 'slug'>;

export interface FilterPanelProps {
  filters: CarFilters;
  /** The brands to offer; `undefined` while they load. */
  brands: BrandOption[] | undefined;
  brandsError?: boolean;
  onRetryBrands?: () => void;
  onChange: (change: Partial<CarFilters>, options?: { replace?: boolean }) => void;
  /** Show the search box (`/cars`); `/car-search` takes its text from the URL instead. */
  withSearch?: boolean;
}

/** The brand a `?make=` name refers to (case-insensitive), if it is one of ours. */
export function brandOfMake(make: string | null, brands: BrandOption[] | undefined): BrandOption | undefined {
  if (!make || !brands) return undefined;
  const wanted = make.toLowerCase();
  return brands.find((brand) => brand.name.toLowerCase() === wanted);
}

/** Brand slugs shown as ticked: the chosen ones plus the brand of a `?make=` link. */
export function checkedBrandSlugs(filters: CarFilters, brands: BrandOption[] | undefined): string[] {
  const fromMake = brandOfMake(filters.make, brands)?.slug;
  return fromMake && !filters.brands.includes(fromMake) ? [...filters.brands, fromMake] : filters.brands;
}

function ActiveChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className={classes.chip}>
      {label}
      <button type="button" className={classes.chipRemove} onClick={onRemove} aria-label={`Remove filter ${label}`}>
        ×
      </button>
    </span>
  );
}

/**
 * The listing's filter panel (spec §2 /cars): search box, brand checkboxes (any number), price
 * range radios (one at most) and 'RESET FILTERS'.
 */
export function FilterPanel({ filters, brands, brandsError = false, onRetryBrands, onChange, withSearch = true }: FilterPanelProps) {
  // The box shows what is typed at once; the list (and the URL) follow after a pause.
  const [text, setText] = useState(filters.search);
  const [syncedSearch, setSyncedSearch] = useState(filters.search);
  if (filters.search !== syncedSearch) {
    // The URL changed from outside (back button, a link): show its text.
    setSyncedSearch(filters.search);
    if (filters.search !== text.trim()) setText(filters.search);
  }
  const searchLater = useDebouncedCallback((value: string) => {
    onChange({ search: value.trim() }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);

  const checked = checkedBrandSlugs(filters, brands);
  const makeBrand = brandOfMake(filters.make, brands);

  const reset = () => {
    searchLater.cancel();
    setText('');
    // /car-search keeps its query: its reset clears the brand and price filters only.
    onChange(withSearch ? EMPTY_FILTERS : { ...EMPTY_FILTERS, search: filters.search });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
      <Stack gap="lg">
        {withSearch ? (
          <TextField
            label="Search"
            type="search"
            placeholder="Search by make, model or type..."
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              searchLater(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') searchLater.flush();
            }}
            enterKeyHint="search"
          />
        ) : null}

        {filters.type || (filters.make && !makeBrand) ? (
          <Group gap="xs">
            {filters.type ? <ActiveChip label={`Type: ${filters.type}`} onRemove={() => onChange({ type: null })} /> : null}
            {filters.make && !makeBrand ? <ActiveChip label={`Make: ${filters.make}`} onRemove={() => onChange({ make: null })} /> : null}
          </Group>
        ) : null}

        {brandsError ? (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Brands
            </Text>
            <Text size="sm" c="red.8">
              Could not load the brands.
            </Text>
            {onRetryBrands ? (
              <Button size="xs" variant="light" color="red.8" onClick={onRetryBrands}>
                Try again
              </Button>
            ) : null}
          </Stack>
        ) : brands ? (
          <div className={classes.brandList}>
            <CheckboxList
              legend="Brands"
              options={brands.map((brand) => ({ value: brand.slug, label: brand.name }))}
              value={checked}
              // A ticked `?make=` brand becomes an ordinary brand choice once the visitor changes brands.
              onChange={(next) => onChange({ brands: next, make: makeBrand ? null : filters.make })}
            />
          </div>
        ) : (
          <Stack gap={8} role="status" aria-label="Loading brands">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h={20} w={`${60 + ((i * 7) % 30)}%`} />
            ))}
          </Stack>
        )}

        <RadioList<PriceRangeLabel>
          legend="Price Range (KES)"
          options={PRICE_RANGES.map((range) => ({ value: range.label, label: range.label }))}
          value={filters.price}
          onChange={(price) => onChange({ price })}
        />

        <Button variant="outline" color="red.8" onClick={reset} fullWidth>
          RESET FILTERS
        </Button>
      </Stack>
    </Paper>
  );
}
