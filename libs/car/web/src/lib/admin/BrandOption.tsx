import type { BrandRef } from '@dealership/brand-schemas';
import { Group, Text } from '@mantine/core';
import classes from './AdminCars.module.css';

/** A brand's logo (the first of its pictures), or nothing when it has none. */
export function BrandLogo({ brand, size = 24 }: { brand: Pick<BrandRef, 'name' | 'images'>; size?: number }) {
  const logo = brand.images[0];
  if (!logo) return null;
  return <img src={logo.url} alt="" width={size} height={size} loading="lazy" decoding="async" className={classes.logo} />;
}

/** A brand in a picker: logo and name. */
export function BrandOption({ brand }: { brand: Pick<BrandRef, 'name' | 'images'> }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <BrandLogo brand={brand} />
      <Text size="sm">{brand.name}</Text>
    </Group>
  );
}
