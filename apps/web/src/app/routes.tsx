import { matchSiteRoute, SITE_REDIRECTS, SITE_ROUTES, sitePageTraits, type SiteRouteId } from '@dealership/shared-schemas';
import { lazy, useEffect, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { replayEarlyTaps } from '../early-taps-replay';
import { firstPageChunk } from './first-page';
import type { PAGE_LOADERS } from './page-loaders';
import { RouteErrorBoundary } from './RouteError';
import { SiteLayout } from './SiteLayout';

/** The back office's routes: every id whose path is at or below the admin home's. */
type AdminRouteId = Extract<SiteRouteId, `admin${string}`>;
/** The buyer's dashboard's routes. */
type UserRouteId = Extract<SiteRouteId, `user${string}`>;

/** The export name of each lazy page component; public pages are modules `src/pages/<name>.tsx`. */
const pageNames = new WeakMap<object, string>();

type PageName = keyof typeof PAGE_LOADERS;
type PageModule<K extends PageName> = Awaited<ReturnType<(typeof PAGE_LOADERS)[K]>>;
/** Each page's component by its name (with its props: the admin screen takes its route id). */
type PageComponents = { [K in PageName]: PageModule<K>[K & keyof PageModule<K>] };

/** Every page's loader, in a chunk of its own that a server-rendered page's first load does without. */
const pageLoaders = async () => (await import('./page-loaders')).PAGE_LOADERS;

/**
 * Loads the page loaders once the visitor reaches for anything (a link is usually next), so that a
 * first navigation waits for the page's chunks alone. Never during a page load without input.
 */
export function loadPageLoadersOnIntent(): void {
  const load = () => {
    for (const type of ['pointerover', 'focusin']) document.removeEventListener(type, load, true);
    void pageLoaders();
  };
  for (const type of ['pointerover', 'focusin']) document.addEventListener(type, load, { capture: true, passive: true });
}

async function loadPage<K extends PageName>(name: K): Promise<PageModule<K>> {
  // The page the server rendered: its chunks were asked for with the entry (`first-page.ts`).
  const file = firstPageChunk(`src/pages/${name}.tsx`);
  if (file !== undefined) return import(/* @vite-ignore */ file) as Promise<PageModule<K>>;
  return (await pageLoaders())[name]() as Promise<PageModule<K>>;
}

/** A page component loaded on first visit: one chunk per module. */
function lazyPage<K extends PageName>(name: K): LazyExoticComponent<PageComponents[K]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page takes its props, if any (the admin screen its id); typed by the return type
  const page = lazy(async () => ({ default: (await loadPage(name))[name as K & keyof PageModule<K>] as ComponentType<any> }));
  pageNames.set(page, name);
  return page as LazyExoticComponent<PageComponents[K]>;
}

// Public pages
const HomePage = lazyPage('HomePage');
const BrandsPage = lazyPage('BrandsPage');
const CartPage = lazyPage('CartPage');
const LoginPage = lazyPage('LoginPage');
const RegisterPage = lazyPage('RegisterPage');
// The emailed account links' pages and the alerts' pages.
const ForgotPasswordPage = lazyPage('ForgotPasswordPage');
const ResetPasswordPage = lazyPage('ResetPasswordPage');
const VerifyEmailPage = lazyPage('VerifyEmailPage');
const AlertPage = lazyPage('AlertPage');
const AboutPage = lazyPage('AboutPage');
const ContactPage = lazyPage('ContactPage');
const TestimonialsPage = lazyPage('TestimonialsPage');
const ServicesPage = lazyPage('ServicesPage');
const ImportDutyPage = lazyPage('ImportDutyPage');
const FinancingPage = lazyPage('FinancingPage');
const PrivacyPolicyPage = lazyPage('PrivacyPolicyPage');
const TermsPage = lazyPage('TermsPage');
const ComparePage = lazyPage('ComparePage');
const CarsPage = lazyPage('CarsPage');
const CarLandingPage = lazyPage('CarLandingPage');
const CarSearchPage = lazyPage('CarSearchPage');
const CarDetailPage = lazyPage('CarDetailPage');
const BrandDetailPage = lazyPage('BrandDetailPage');
const NotFoundPage = lazyPage('NotFoundPage');
const ImportTrackingPage = lazyPage('ImportTrackingPage');
const TradeInOfferPage = lazyPage('TradeInOfferPage');

// Admin area: its own chunk. One lazy component for every admin screen, picked by route id in the
// admin chunk: the entry every public page loads carries no per-screen code for the back office.
const AdminLayout = lazyPage('AdminLayout');
const AdminPage = lazyPage('AdminPage');

// User area: its own chunk.
const UserLayout = lazyPage('UserLayout');
const UserPage = lazyPage('UserPage');

/**
 * Marks the document `data-interactive` once the first page has committed in the browser: for a
 * server-rendered page, once it is hydrated and its buttons work. Taps and typing before that were
 * held by `early-taps.js` and are replayed now, before anything renders again. The browser tests
 * wait for the mark after each load.
 */
function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset['interactive'] = 'true';
    replayEarlyTaps();
  }, []);
  return null;
}

/** An old name of a page (`SITE_REDIRECTS`): the path is replaced by the page's, the query kept. */
function MovedTo({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/** A page with the mark beside it, in the same Suspense boundary: it fires when the page itself is ready. */
function withInteractiveMark(page: ReactElement): ReactElement {
  return (
    <>
      <InteractiveMark />
      {page}
    </>
  );
}

/** The page of every public route of `SITE_ROUTES` (a signed-in area's screens are picked by id in its chunk): a route id without a page fails the typecheck. */
function pageElements(): Record<Exclude<SiteRouteId, AdminRouteId | UserRouteId>, ReactElement> {
  return {
    home: <HomePage />,
    cars: <CarsPage />,
    carsCondition: <CarLandingPage />,
    carsLanding: <CarLandingPage />,
    carSearch: <CarSearchPage />,
    car: <CarDetailPage />,
    brands: <BrandsPage />,
    brand: <BrandDetailPage />,
    cart: <CartPage />,
    compare: <ComparePage />,
    about: <AboutPage />,
    contact: <ContactPage />,
    testimonials: <TestimonialsPage />,
    services: <ServicesPage />,
    importDuty: <ImportDutyPage />,
    financing: <FinancingPage />,
    privacyPolicy: <PrivacyPolicyPage />,
    terms: <TermsPage />,
    login: <LoginPage />,
    register: <RegisterPage />,
    forgotPassword: <ForgotPasswordPage />,
    resetPassword: <ResetPasswordPage />,
    verifyEmail: <VerifyEmailPage />,
    alerts: <AlertPage />,
    importTracking: <ImportTrackingPage />,
    tradeInOffer: <TradeInOfferPage />,
  };
}

/**
 * The signed-in areas, by where they live: every route at or below an area's home renders inside
 * that area's layout, which checks access first. A new admin page is guarded by its path alone.
 */
function signedInAreas(): { home: string; layout: ReactElement; screen: (id: SiteRouteId) => ReactElement }[] {
  // Each area's screens come from one lazy component that picks them by route id in the area's
  // chunk: the entry every public page loads carries no per-screen code of the signed-in areas.
  return [
    { home: SITE_ROUTES.adminHome.path, layout: <AdminLayout />, screen: (id) => <AdminPage page={id} /> },
    { home: SITE_ROUTES.userHome.path, layout: <UserLayout />, screen: (id) => <UserPage page={id} /> },
  ];
}

function isWithin(path: string, home: string): boolean {
  return path === home || path.startsWith(`${home}/`);
}

/** The route table of spec §2, built from `SITE_ROUTES` (shared with the server's 404 check and sitemap). */
export function createRoutes(): RouteObject[] {
  const pages = pageElements();
  const areas = signedInAreas();
  const ids = Object.keys(SITE_ROUTES) as SiteRouteId[];
  const areaOf = (id: SiteRouteId) => areas.find((area) => isWithin(SITE_ROUTES[id].path, area.home));

  return [
    {
      path: '/',
      element: <SiteLayout />,
      children: [
        {
          // Page errors render inside the layout, keeping the header and footer. The app runs the
          // declarative router (`useRoutes`, no data-router code shipped), so this is a boundary
          // element rather than `errorElement`; App wraps the whole tree in one more.
          element: <RouteErrorBoundary />,
          children: [
            ...ids.flatMap((id) => (areaOf(id) || !(id in pages) ? [] : [{ path: SITE_ROUTES[id].path, element: withInteractiveMark(pages[id as keyof typeof pages]) }])),
            // Pathless layout routes: their children keep their absolute paths.
            ...areas.map((area) => ({
              // Marked at the layout, which renders (if only its access check) for every visitor.
              element: withInteractiveMark(area.layout),
              children: ids.filter((id) => areaOf(id) === area).map((id) => ({ path: SITE_ROUTES[id].path, element: area.screen(id) })),
            })),
            ...Object.entries(SITE_REDIRECTS).map(([from, to]) => ({ path: from, element: <MovedTo to={to} /> })),
            { path: '*', element: withInteractiveMark(<NotFoundPage />) },
          ],
        },
      ],
    },
  ];
}

/**
 * The source module of the page a server-rendered path shows (`src/pages/CarsPage.tsx`, the key of
 * its chunk in Vite's manifest), or undefined when the path is not rendered on the server (the
 * cart, sign-in and the dashboards render in the browser). A path of no route shows the
 * not-found page.
 */
export function serverRenderedPageModule(pathname: string): string | undefined {
  const match = matchSiteRoute(pathname);
  if (match && !sitePageTraits(match.id).serverRendered) return undefined;
  const element = match ? (pageElements() as Partial<Record<SiteRouteId, ReactElement>>)[match.id] : <NotFoundPage />;
  if (!element) return undefined;
  const name = pageNames.get(element.type as object);
  return name === undefined ? undefined : `src/pages/${name}.tsx`;
}
