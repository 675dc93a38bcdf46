// The screen lives in the vehicle-import feature lib; this module is the route's lazy chunk boundary.
export { ImportTrackingPage } from '@dealership/vehicle-import-web';
