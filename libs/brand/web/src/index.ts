export { BrandGrid, type BrandGridProps } from './lib/BrandGrid/BrandGrid';
export { BrandsPage } from './lib/pages/Brands.page';
