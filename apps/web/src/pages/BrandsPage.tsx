// The screen lives in the brand feature lib; this module is the route's lazy chunk boundary.
export { BrandsPage } from '@dealership/brand-web';
