// The screen lives in the car feature lib; this module is the route's lazy chunk boundary.
export { CarsPage } from '@dealership/car-web';
