export { theme, cssVariablesResolver } from './lib/theme/theme';
export { SiteMantineProvider, type SiteMantineProviderProps } from './lib/theme/SiteMantineProvider';
export { SITE_NAME, SiteConfigProvider, useSiteConfig, telHref, whatsappHref, type SiteConfig } from './lib/config/site-config';
export { notifySuccess, notifyError, notifyNews, TOAST_DURATION } from './lib/toast/toast';
export { Layout, type LayoutProps } from './lib/Layout/Layout';
export { Header, NAV_LINKS, SCROLL_THRESHOLD_PX, SCROLL_THROTTLE_MS, type HeaderProps } from './lib/Header/Header';
export { SiteContentProvider, useSiteContent } from './lib/config/site-content';
export { Logo } from './lib/Logo/Logo';
export { PageLoader } from './lib/PageLoader/PageLoader';
export { ErrorState, type ErrorStateProps } from './lib/ErrorState/ErrorState';
export { NotFound } from './lib/NotFound/NotFound';
export { JsonLdScript, Seo, type SeoProps } from './lib/Seo/Seo';
export { RecordFacts, RecordPage } from './lib/RecordPage/RecordPage';
export { countedTitle, TitleCountContext } from './lib/Seo/title-count';
export {
  autoDealerJsonLd,
  carJsonLd,
  carNodeId,
  carItemListJsonLd,
  breadcrumbJsonLd,
  type JsonLd,
} from './lib/Seo/structured-data';
export { Breadcrumb, type BreadcrumbItem } from './lib/Breadcrumb/Breadcrumb';
export { imageSrcSet, imageVariant, IMAGE_VARIANT_WIDTHS, IMAGE_FULL_WIDTH } from './lib/image/image-src-set';
export { StarRating } from './lib/StarRating/StarRating';
export { Tag, type TagProps } from './lib/Tag/Tag';
export { CardActions, CardBody, CardDescription, CardPrice, CardSpecs, CardTitle } from './lib/CardParts/CardParts';
export { CarStatusBadge, isOrderable, type CarStatusBadgeProps } from './lib/CarStatusBadge/CarStatusBadge';
export { CarPhoto, CAR_CARD_IMAGE, CAR_CARD_SIZES, type CarPhotoProps } from './lib/CarPhoto/CarPhoto';
export * from './lib/icons/footer-icons';
export * from './lib/icons/icons';
export { PageNav, type PageNavProps } from './lib/PageNav/PageNav';
export { QueryState, EmptyState, type QueryStateProps, type QueryStateQuery } from './lib/QueryState/QueryState';
export { PagedList, type PagedListProps, type PagedListCopy, type ListPage } from './lib/PagedList/PagedList';
export { AmountInput, type AmountInputProps } from './lib/AmountInput/AmountInput';
export { deferredComponent, DeferredChunksContext, type DeferredOptions, holdTapIfDeferred } from './lib/deferred/deferred-component';
export { editsIn, heldEditOf, type FormField } from './lib/deferred/typed-before-hydration';
