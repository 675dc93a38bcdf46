import type { BrandRef } from '@dealership/brand-schemas';
import { CAR_STATUSES, type Car, type CarStatus } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatAmount } from '@dealership/shared-util';
import { withLoadingToast } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { CarPhoto, ErrorState, notifyError, notifySuccess, PageNav, Seo } from '@dealership/web-ui';
import { Badge, Button, Card, Center, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CarGridSkeleton } from '../CarGrid/CarGrid';
import { carTotalText } from '../CarResults/CarResults';
import { ADMIN_CAR_COPY, ADMIN_SEARCH_DEBOUNCE_MS } from './admin-car-copy';
import { type AdminCarFilters, isFiltered, NO_ADMIN_CAR_FILTERS, readAdminCarFilters, toCarManageInput, writeAdminCarFilters } from './admin-car-params';
import classes from './AdminCars.module.css';
import { refreshAfterCarWrite } from './refresh-after-write';
import { BrandLogo, BrandOption } from './BrandOption';
import { TradeInsToList } from './TradeInsToList';
import { ConfirmDialog } from './ConfirmDialog';

const GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

const STATUS_COLOR: Record<CarStatus, string> = { Available: 'teal', Reserved: 'yellow', Sold: 'gray' };

/** The list's filters, kept in the URL so reload and Back show the same list. */
function useAdminCarFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readAdminCarFilters(params), [params]);
  const update = (change: Partial<AdminCarFilters>, options: { replace?: boolean } = {}) =>
    setParams((current) => writeAdminCarFilters({ ...readAdminCarFilters(current), page: 1, ...change }), { replace: options.replace });
  return { filters, update };
}

function AdminCarCard({ car, onDelete }: { car: Car; onDelete: (car: Car) => void }) {
  const editHref = sitePath('adminUpdateCar', { slug: car.slug });
  return (
    <Card component="article" withBorder padding="md" radius="md" className={classes.card} aria-labelledby={`admin-car-${car.id}`}>
      <Card.Section>
        <CarPhoto car={car} href={editHref} alt={`${car.year} ${car.name}`} sizes="(min-width: 75em) 300px, (min-width: 48em) 45vw, 100vw">
          <Group gap={6} className={classes.badges}>
            <Badge color={STATUS_COLOR[car.status]} variant="filled" size="sm">
              {car.status}
            </Badge>
            {car.featured ? (
              <Badge color="orange" variant="filled" size="sm">
                ★ {ADMIN_CAR_COPY.featuredMark}
              </Badge>
            ) : null}
          </Group>
        </CarPhoto>
      </Card.Section>
      <Stack gap={6} mt="sm" className={classes.body}>
        {car.brand ? (
          <Link to={sitePath('brand', { slug: car.brand.slug })} className={classes.brand}>
            <BrandLogo brand={car.brand} />
            {car.brand.name}
          </Link>
        ) : (
          <Text size="sm" c="dimmed">
            No brand
          </Text>
        )}
        <Title order={2} size="h4" lh={1.25} id={`admin-car-${car.id}`}>
          {car.name}
        </Title>
        <Group justify="space-between" gap="xs">
          <Text fw={800} fz="lg" c="navy.8">
            sh. {formatAmount(car.price)}
          </Text>
          <Badge variant="light" color="gray" radius="sm">
            {car.fuelType}
          </Badge>
        </Group>
      </Stack>
      <Group gap="xs" mt="md" grow wrap="nowrap">
        <Button component={Link} to={sitePath('car', { slug: car.slug })} variant="default" size="sm" px={6} aria-label={`View ${car.name}`}>
          {ADMIN_CAR_COPY.viewButton}
        </Button>
        <Button component={Link} to={editHref} size="sm" px={6} aria-label={`Update ${car.name}`}>
          {ADMIN_CAR_COPY.editButton}
        </Button>
        <Button color="red" variant="light" size="sm" px={6} onClick={() => onDelete(car)} aria-label={`Delete ${car.name}`}>
          {ADMIN_CAR_COPY.deleteButton}
        </Button>
      </Group>
    </Card>
  );
}

function DeleteCarDialog({ car, onCancel, onConfirm }: { car: Car | null; onCancel: () => void; onConfirm: (car: Car) => void }) {
  return (
    <ConfirmDialog
      opened={car !== null}
      title={ADMIN_CAR_COPY.deleteTitle}
      question={ADMIN_CAR_COPY.deleteQuestion}
      subject={car?.name}
      confirmLabel={ADMIN_CAR_COPY.deleteConfirm}
      onCancel={onCancel}
      onConfirm={() => car && onConfirm(car)}
    />
  );
}

function CarFilterBar({
  filters,
  brands,
  onChange,
}: {
  filters: AdminCarFilters;
  brands: readonly BrandRef[] | undefined;
  onChange: (change: Partial<AdminCarFilters>, options?: { replace?: boolean }) => void;
}) {
  const [text, setText] = useState(filters.search);
  const [syncedSearch, setSyncedSearch] = useState(filters.search);
  // Back, Forward or a reset changed the URL's search: the box follows it.
  if (filters.search !== syncedSearch) {
    setSyncedSearch(filters.search);
    if (filters.search !== text.trim()) setText(filters.search);
  }
  const searchLater = useDebouncedCallback((value: string) => onChange({ search: value.trim() }, { replace: true }), ADMIN_SEARCH_DEBOUNCE_MS);
  const brandById = new Map((brands ?? []).map((brand) => [brand.id, brand]));
  const chosenBrand = brandById.get(filters.brand);

  return (
    <div className={classes.filters} role="search" aria-label="Filter cars">
      <TextInput
        type="search"
        label="Search"
        placeholder="Name, body type or brand"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          searchLater(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') searchLater.flush();
        }}
        enterKeyHint="search"
        className={classes.search}
      />
      <Select
        label="Brand"
        placeholder="All brands"
        clearable
        searchable
        data={(brands ?? []).map((brand) => ({ value: brand.id, label: brand.name }))}
        renderOption={({ option }) => {
          const brand = brandById.get(option.value);
          return brand ? <BrandOption brand={brand} /> : option.label;
        }}
        leftSection={chosenBrand ? <BrandLogo brand={chosenBrand} size={20} /> : undefined}
        value={filters.brand || null}
        onChange={(value) => onChange({ brand: value ?? '' })}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        clearable
        data={[...CAR_STATUSES]}
        value={filters.status || null}
        onChange={(value) => onChange({ status: (value as CarStatus | null) ?? '' })}
      />
    </div>
  );
}

/**
 * All Cars (`/dashboard/admin/cars`, spec §2 "Admin area"): every car, sold ones included, newest
 * first, a card each with View, Update and Delete. Beyond the spec: search, brand and status
 * filters and pages, all in the URL.
 */
export function AdminCarsPage() {
  const { filters, update } = useAdminCarFilters();
  const utils = trpc.useUtils();
  const brands = trpc.brand.list.useQuery();
  const list = trpc.car.manage.useQuery(toCarManageInput(filters), { placeholderData: keepPreviousData });
  const remove = trpc.car.remove.useMutation();
  const [toDelete, setToDelete] = useState<Car | null>(null);

  const confirmDelete = async (car: Car) => {
    setToDelete(null);
    try {
      await withLoadingToast(ADMIN_CAR_COPY.deleting, () => remove.mutateAsync({ id: car.id }));
      notifySuccess(ADMIN_CAR_COPY.deleted);
    } catch {
      notifyError(ADMIN_CAR_COPY.deleteFailed);
    }
    // Also after a failure: the car may be gone all the same.
    await refreshAfterCarWrite(utils);
  };

  const changePage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };

  const page = list.data;
  let content;
  if (list.isPending) {
    content = <CarGridSkeleton count={6} label="Loading cars" layout="admin" />;
  } else if (list.isError && !page) {
    content = <ErrorState title="Could not load the cars" onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (!page || page.total === 0) {
    content = isFiltered(filters) ? (
      <Center py="xl">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} size="h3">
            No cars match these filters
          </Title>
          <Button variant="light" onClick={() => update(NO_ADMIN_CAR_FILTERS)}>
            Clear filters
          </Button>
        </Stack>
      </Center>
    ) : (
      <Center py="xl">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} size="h3">
            No cars yet
          </Title>
          <Text c="dimmed">Add the first car to the catalogue.</Text>
          <Button component={Link} to={sitePath('adminCreateCar')}>
            {ADMIN_CAR_COPY.createButton}
          </Button>
        </Stack>
      </Center>
    );
  } else if (page.items.length === 0) {
    // A page past the end (cars were deleted, or an old link).
    content = (
      <Center py="xl">
        <Stack align="center" gap="sm">
          <Text>There are no cars on this page.</Text>
          <Button variant="light" onClick={() => changePage(1)}>
            Go to the first page
          </Button>
        </Stack>
      </Center>
    );
  } else {
    const first = (page.page - 1) * page.pageSize + 1;
    content = (
      <Stack gap="lg">
        <Text size="sm" c="gray.7" aria-live="polite">
          {`Showing ${first}-${first + page.items.length - 1} of ${carTotalText(page)}`}
        </Text>
        <SimpleGrid
          cols={GRID_COLS}
          spacing="lg"
          className={classes.grid}
          data-refreshing={list.isPlaceholderData || undefined}
          aria-busy={list.isPlaceholderData}
        >
          {page.items.map((car) => (
            <AdminCarCard key={car.id} car={car} onDelete={setToDelete} />
          ))}
        </SimpleGrid>
        <PageNav total={page.pageCount} page={page.page} onChange={changePage} label="Car pages" />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Seo title={ADMIN_CAR_COPY.listTitle} description="Manage the dealership's cars." noIndex />
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {ADMIN_CAR_COPY.listTitle}
        </Title>
        <Button component={Link} to={sitePath('adminCreateCar')} className={classes.createButton}>
          {ADMIN_CAR_COPY.createButton}
        </Button>
      </Group>
      <TradeInsToList />
      <CarFilterBar filters={filters} brands={brands.data} onChange={update} />
      {content}
      <DeleteCarDialog car={toDelete} onCancel={() => setToDelete(null)} onConfirm={(car) => void confirmDelete(car)} />
    </Stack>
  );
}
