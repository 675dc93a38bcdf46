import type { Brand } from '@dealership/brand-schemas';
import { BODY_TYPES, CONDITIONS, FUEL_TYPES, PRICE_RANGES, TRANSMISSIONS, type PriceRangeLabel } from '@dealership/car-schemas';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { trpc } from '@dealership/web-trpc-client';
import { useState } from 'react';
import { CheckboxList, RadioList } from '../controls/choice-lists';
import { SelectField, TextField, type ChoiceOption } from '../controls/controls';
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

/** Model years offered: this year back to 1990 (older cars still match with no year chosen). */
export function yearOptions(now = new Date()): ChoiceOption<string>[] {
  const years = Array.from({ length: now.getFullYear() - 1990 + 1 }, (_, i) => String(now.getFullYear() - i));
  return years.map((year) => ({ value: year, label: year }));
}

/** Mileage ceilings offered, in km. */
export const MILEAGE_STEPS = [10_000, 30_000, 50_000, 80_000, 100_000, 150_000, 200_000] as const;

const mileageOptions: ChoiceOption<string>[] = MILEAGE_STEPS.map((km) => ({ value: String(km), label: `${km.toLocaleString('en-KE')} km` }));

const asOptions = <V extends string>(values: readonly V[]): ChoiceOption<V>[] => values.map((value) => ({ value, label: value }));

const toNumber = (value: string | null) => (value === null ? null : Number(value));

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
 * range radios (one at most), body type, condition, fuel, transmission, year range and mileage
 * as native selects (no option counts: counting every option per change would cost a scan of the
 * matching cars each at 100,000 cars) and 'RESET FILTERS', which keeps the sort order.
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
  // One brand chosen: its models (with their listed cars) from the server.
  const oneBrand = checked.length === 1 ? checked[0] : '';
  const models = trpc.car.models.useQuery({ brand: oneBrand }, { enabled: oneBrand !== '' });

  const reset = () => {
    searchLater.cancel();
    setText('');
    // /car-search keeps its query: its reset clears the brand and price filters only.
    const kept = { sort: filters.sort };
    onChange(withSearch ? { ...EMPTY_FILTERS, ...kept } : { ...EMPTY_FILTERS, ...kept, search: filters.search });
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

        {filters.make && !makeBrand ? (
          <Group gap="xs">
            <ActiveChip label={`Make: ${filters.make}`} onRemove={() => onChange({ make: null })} />
          </Group>
        ) : null}

        {filters.spin ? (
          <Group gap="xs">
            <ActiveChip label="With 360° view" onRemove={() => onChange({ spin: false })} />
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
              onChange={(next) => onChange({ brands: next, make: makeBrand ? null : filters.make, model: null })}
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

        <CheckboxList
          legend="Inspection"
          options={[{ value: 'inspected', label: 'Inspected' }]}
          value={filters.inspected ? ['inspected'] : []}
          onChange={(next) => onChange({ inspected: next.length > 0 })}
        />

        <div className={classes.selects}>
          {oneBrand && models.data?.length ? (
            <SelectField
              label="Model"
              emptyLabel="Any"
              options={models.data.map((m) => ({ value: m.slug, label: `${m.model} (${m.count})` }))}
              value={filters.model}
              onChange={(model) => onChange({ model })}
            />
          ) : null}
          <SelectField label="Body type" emptyLabel="Any" options={asOptions(BODY_TYPES)} value={filters.type} onChange={(type) => onChange({ type })} />
          <SelectField
            label="Condition"
            emptyLabel="Any"
            options={asOptions(CONDITIONS)}
            value={filters.condition}
            onChange={(condition) => onChange({ condition })}
          />
          <SelectField label="Fuel" emptyLabel="Any" options={asOptions(FUEL_TYPES)} value={filters.fuel} onChange={(fuel) => onChange({ fuel })} />
          <SelectField
            label="Transmission"
            emptyLabel="Any"
            options={asOptions(TRANSMISSIONS)}
            value={filters.transmission}
            onChange={(transmission) => onChange({ transmission })}
          />
          <SelectField
            label="Year from"
            emptyLabel="Any"
            options={yearOptions()}
            value={filters.yearMin === null ? null : String(filters.yearMin)}
            onChange={(year) => onChange({ yearMin: toNumber(year) })}
          />
          <SelectField
            label="Year to"
            emptyLabel="Any"
            options={yearOptions()}
            value={filters.yearMax === null ? null : String(filters.yearMax)}
            onChange={(year) => onChange({ yearMax: toNumber(year) })}
          />
          <SelectField
            label="Mileage up to"
            emptyLabel="Any"
            options={mileageOptions}
            value={filters.mileageMax === null ? null : String(filters.mileageMax)}
            onChange={(km) => onChange({ mileageMax: toNumber(km) })}
          />
        </div>

        <Button variant="outline" color="red.8" onClick={reset} fullWidth>
          RESET FILTERS
        </Button>
      </Stack>
    </Paper>
  );
}
