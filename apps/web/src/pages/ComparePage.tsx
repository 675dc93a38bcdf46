// The screen lives in the car feature lib; this module is the route's lazy chunk boundary.
export { ComparePage } from '@dealership/car-web';
