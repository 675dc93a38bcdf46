// The screens live in the alert feature lib; this module is the route's lazy chunk boundary.
export { AlertPage } from '@dealership/alert-web';
