// The car page's parts below its first paint, in one chunk of their own that loads after the page's.
// The server's HTML still has the share links (prerender waits for lazy parts); "Recently viewed"
// lives in the browser. The similar cars are a deferred part of their own (CarDetail.page).
export { ShareCar } from '../share/ShareCar';
export { RecentlyViewed } from '../recent/RecentlyViewed';
