// The home page's parts below its first paint, in one chunk that loads after the page's (the route
// had about 220 B of its 150 KB JS budget left). The server's HTML still has the features (prerender
// waits for lazy parts); "Recently viewed" lives in the browser.
export { HomeFeatures } from './HomeFeatures';
export { RecentlyViewed } from '../recent/RecentlyViewed';
