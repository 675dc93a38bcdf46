import type { Brand } from '@dealership/brand-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { IMAGE_FULL_WIDTH, imageSrcSet } from '@dealership/web-ui';
import { SimpleGrid } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './BrandGrid.module.css';

export interface BrandGridProps {
  brands: Pick<Brand, 'id' | 'name' | 'slug' | 'images'>[];
}

/** Brand logos, each linking to its brand page. */
export function BrandGrid({ brands }: BrandGridProps) {
  return (
    <SimpleGrid component="ul" cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {brands.map((brand) => {
        const logo = brand.images[0];
        return (
          <li key={brand.id}>
            <Link to={sitePath('brand', { slug: brand.slug })} className={classes.tile}>
              {logo ? (
                <img
                  src={logo.url}
                  srcSet={imageSrcSet(logo.url, IMAGE_FULL_WIDTH.logo)}
                  sizes="96px"
                  alt={`${brand.name} logo`}
                  width={96}
                  height={96}
                  loading="lazy"
                  decoding="async"
                  className={classes.logo}
                />
              ) : (
                <span className={classes.noLogo} aria-hidden="true">
                  {brand.name.charAt(0)}
                </span>
              )}
              <span>{brand.name}</span>
            </Link>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
