export { BrandGrid, type BrandGridProps } from './lib/BrandGrid/BrandGrid';
export { BrandCarCard } from './lib/BrandCarCard/BrandCarCard';
export { BrandsPage } from './lib/pages/Brands.page';
export { BrandDetailPage, BRAND_PAGE_CARS } from './lib/pages/BrandDetail.page';
