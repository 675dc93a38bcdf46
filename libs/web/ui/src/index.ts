export { theme } from './lib/theme/theme';
export { SITE_NAME, SiteConfigProvider, useSiteConfig, telHref, type SiteConfig } from './lib/config/site-config';
export { useCart, CART_STORAGE_KEY, type CartApi } from './lib/storage/use-cart';
export {
  useAuth,
  readAuthToken,
  AUTH_STORAGE_KEY,
  ADMIN_ROLE,
  AuthSessionSchema,
  type AuthApi,
  type AuthSession,
} from './lib/storage/use-auth';
export { notifySuccess, notifyError, TOAST_DURATION } from './lib/toast/toast';
export { Layout, type LayoutProps } from './lib/Layout/Layout';
export { Header, NAV_LINKS, SCROLL_THRESHOLD_PX, SCROLL_THROTTLE_MS } from './lib/Header/Header';
export {
  Footer,
  FOOTER_QUICK_LINKS,
  FOOTER_OPENING_HOURS,
  DEFAULT_SOCIAL_LINKS,
  type FooterProps,
  type SocialNetwork,
} from './lib/Footer/Footer';
export { Logo } from './lib/Logo/Logo';
export { PageLoader } from './lib/PageLoader/PageLoader';
export { ErrorState, type ErrorStateProps } from './lib/ErrorState/ErrorState';
export { NotFound } from './lib/NotFound/NotFound';
export { Seo, type SeoProps } from './lib/Seo/Seo';
export { StarRating } from './lib/StarRating/StarRating';
export * from './lib/icons/icons';
