import type { Brand } from '@dealership/brand-schemas';
import { HOME_SHOWCASE_SIZE } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { ErrorState, IMAGE_FULL_WIDTH, imageSrcSet } from '@dealership/web-ui';
import { Anchor, Group, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './Home.module.css';

export interface BrandShowcaseProps {
  brands: Pick<Brand, 'id' | 'name' | 'slug' | 'images'>[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** The home page's brands: the first 8 logos, each to its brand page, and View More (spec §2). */
export function BrandShowcase({ brands, isLoading, isError, onRetry }: BrandShowcaseProps) {
  let body;
  if (isLoading) {
    body = (
      <div className={classes.brandGrid} role="status" aria-label="Loading brands">
        {Array.from({ length: HOME_SHOWCASE_SIZE }, (_, i) => (
          <Skeleton key={i} h={118} radius="md" />
        ))}
      </div>
    );
  } else if (isError || !brands) {
    body = <ErrorState title="Could not load the brands" onRetry={onRetry} />;
  } else {
    body = (
      <ul className={`${classes.brandGrid} ${classes.plainList}`}>
        {brands.slice(0, HOME_SHOWCASE_SIZE).map((brand) => {
          const logo = brand.images[0];
          return (
            <li key={brand.id}>
              <Link to={sitePath('brand', { slug: brand.slug })} className={classes.brandTile}>
                {logo ? (
                  <img
                    src={logo.url}
                    srcSet={imageSrcSet(logo.url, IMAGE_FULL_WIDTH.logo)}
                    sizes="64px"
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    decoding="async"
                    className={classes.brandLogo}
                  />
                ) : null}
                <span>{brand.name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="brands-heading">
      <Group justify="space-between" align="end" mb="lg" wrap="wrap" gap="xs">
        <div>
          <Title order={2} id="brands-heading">
            Shop by Brand
          </Title>
          <Text c="gray.7">The makes Kenyan drivers trust, in stock in Mombasa.</Text>
        </div>
        <Anchor component={Link} to={sitePath('brands')} fw={700} aria-label="View More brands">
          View More
        </Anchor>
      </Group>
      {body}
    </section>
  );
}
