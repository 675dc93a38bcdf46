import type { Brand } from '@dealership/brand-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { QueryState, Seo } from '@dealership/web-ui';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_ADMIN_COPY as COPY } from './brand-admin.copy';
import type { AdminBrandPageProps } from './brand-form';
import { BrandDeleteDialog } from './BrandDeleteDialog';
import { BrandEditModal } from './BrandEditModal';
import { BrandTable } from './BrandTable';

/** Brands whose name contains `filter`, whatever its case. */
export function filterBrands(brands: readonly Brand[], filter: string): readonly Brand[] {
  const needle = filter.trim().toLocaleLowerCase();
  return needle ? brands.filter((brand) => brand.name.toLocaleLowerCase().includes(needle)) : brands;
}

/**
 * `/dashboard/admin/allbrands` (spec §2 "All Brands List"): every brand with its logo and name, a
 * name filter, Edit (a modal) and Delete (a confirmation); both reload the list when done.
 */
export function AdminBrandsPage({ imageTransfer }: AdminBrandPageProps) {
  const brands = trpc.brand.list.useQuery();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Brand | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const shownBrands = useMemo(() => filterBrands(brands.data ?? [], filter), [brands.data, filter]);

  const body = (
    <QueryState
      query={brands}
      loadingLabel={COPY.loadingList}
      errorTitle={COPY.listError}
      isEmpty={(data) => data.length === 0}
      empty={
        <>
          <Text fw={700}>{COPY.noBrands}</Text>
          <Text size="sm" c="gray.7">
            Brands you create appear here.
          </Text>
        </>
      }
    >
      {(data) => (
        <Stack gap="sm">
          <TextInput
            label={COPY.filterLabel}
            placeholder={COPY.filterPlaceholder}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            type="search"
            maw={360}
          />
          {shownBrands.length > 0 ? (
            <BrandTable brands={shownBrands} onEdit={setEditing} onDelete={setDeleting} />
          ) : (
            <Text c="gray.7" py="md">
              {COPY.noMatch}
            </Text>
          )}
          <Text size="sm" c="gray.7" aria-live="polite">
            {shownBrands.length === data.length ? `${data.length} ${data.length === 1 ? 'brand' : 'brands'}` : `${shownBrands.length} of ${data.length} brands`}
          </Text>
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Stack gap="md">
      <Seo title={COPY.listTitle} description="The car brands of the catalogue." noIndex />
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {COPY.listTitle}
        </Title>
        <Button component={Link} to={sitePath('adminCreateBrand')}>
          {COPY.createButton}
        </Button>
      </Group>
      {body}
      <BrandEditModal brand={editing} onClose={() => setEditing(null)} onUpdated={() => setEditing(null)} imageTransfer={imageTransfer} />
      <BrandDeleteDialog brand={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
