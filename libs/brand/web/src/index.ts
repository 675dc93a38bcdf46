export { BrandGrid, type BrandGridProps } from './lib/BrandGrid/BrandGrid';
export { BrandCarCard } from './lib/BrandCarCard/BrandCarCard';
export { BrandsPage } from './lib/pages/Brands.page';
export { BrandDetailPage, type BrandInventory } from './lib/pages/BrandDetail.page';
export { AdminBrandsPage, filterBrands } from './lib/admin/AdminBrands.page';
export { AdminCreateBrandPage } from './lib/admin/AdminCreateBrand.page';
export type { AdminBrandPageProps, BrandImageTransfer } from './lib/admin/brand-form';
export { BRAND_ADMIN_COPY, BRAND_DELETE_SUGGESTION, brandDeleteFailedMessage, brandDeleteWarning, brandActionLabel } from './lib/admin/brand-admin.copy';
