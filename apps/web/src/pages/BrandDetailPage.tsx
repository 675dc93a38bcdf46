// The screen lives in the brand feature lib; this module is the route's lazy chunk boundary.
export { BrandDetailPage } from '@dealership/brand-web';
