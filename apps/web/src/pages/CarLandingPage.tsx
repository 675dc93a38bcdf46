// The screen lives in the car feature lib; this module is the route's lazy chunk boundary (the
// listing it shares with /cars is one chunk both load).
export { CarLandingPage } from '@dealership/car-web';
