export { useAuth, readAuthToken, AUTH_STORAGE_KEY, type AuthApi } from './lib/auth/use-auth';
export { useCart, CART_STORAGE_KEY, type CartApi } from './lib/cart/use-cart';
export { describeApiError, SERVER_ERROR_MESSAGE, type ApiErrorInfo } from './lib/feedback/api-error';
export { withLoadingToast } from './lib/feedback/loading-toast';
export { compareHref, useCompare, COMPARE_STORAGE_KEY, type CompareApi, type ComparedCar } from './lib/compare/use-compare';
export { REDIRECT_PARAM, safeRedirectTarget, withRedirect } from './lib/auth/redirect-target';
export {
  rememberViewedCar,
  useRecentlyViewed,
  RECENTLY_VIEWED_MAX,
  RECENTLY_VIEWED_STORAGE_KEY,
  type RecentlyViewedApi,
  type ViewedCar,
} from './lib/recent/use-recently-viewed';
