// The home page's "Recently viewed", in a chunk that loads after the page's (it lives in the
// browser: the server renders nothing there). The FAQ and features are a deferred part (HomeClosing).
export { RecentlyViewed } from '../recent/RecentlyViewed';
