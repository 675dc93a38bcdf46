// The car page's parts below its first paint, in one chunk of their own that loads after the page's
// (the route had 39 B of its 150 KB JS budget left). The server's HTML still has the similar cars
// and the share links (prerender waits for lazy parts); "Recently viewed" lives in the browser.
export { SimilarCars } from './SimilarCars';
export { ShareCar } from '../share/ShareCar';
export { RecentlyViewed } from '../recent/RecentlyViewed';
