import { matchSiteRoute, SITE_REDIRECTS, SITE_ROUTES, sitePageTraits, type SiteRouteId } from '@dealership/shared-schemas';
import { lazy, useEffect, type ComponentType, type ReactElement } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { replayEarlyTaps } from '../early-taps-replay';
import { withFullStyles } from './full-styles';
import { RouteErrorBoundary } from './RouteError';
import { SiteLayout } from './SiteLayout';

/** The back office's routes: every id whose path is at or below the admin home's. */
type AdminRouteId = Extract<SiteRouteId, `admin${string}`>;
/** The buyer's dashboard's routes. */
type UserRouteId = Extract<SiteRouteId, `user${string}`>;

/** The export name of each lazy page component; public pages are modules `src/pages/<name>.tsx`. */
const pageNames = new WeakMap<object, string>();

/** A page component loaded on first visit: one chunk per module. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page takes its props, if any (the admin screen its id)
function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  const page = lazy(async () => ({ default: (await load())[name] as M[K] }));
  pageNames.set(page, name);
  return page;
}

// Public pages
const HomePage = lazyPage(() => import('../pages/HomePage'), 'HomePage');
const BrandsPage = lazyPage(() => import('../pages/BrandsPage'), 'BrandsPage');
const CartPage = lazyPage(() => import('../pages/CartPage'), 'CartPage');
const LoginPage = lazyPage(() => withFullStyles(import('../pages/LoginPage')), 'LoginPage');
const RegisterPage = lazyPage(() => withFullStyles(import('../pages/RegisterPage')), 'RegisterPage');
// The emailed account links' pages and the alerts' pages: one chunk, opened from an email.
const accountLinkPages = () => withFullStyles(import('../pages/AccountLinkPages'));
const ForgotPasswordPage = lazyPage(accountLinkPages, 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(accountLinkPages, 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(accountLinkPages, 'VerifyEmailPage');
// Buyers' alerts (their confirm and unsubscribe links come by email or SMS too).
const AlertPage = lazyPage(accountLinkPages, 'AlertPage');
const AboutPage = lazyPage(() => import('../pages/AboutPage'), 'AboutPage');
const ContactPage = lazyPage(() => import('../pages/ContactPage'), 'ContactPage');
const TestimonialsPage = lazyPage(() => import('../pages/TestimonialsPage'), 'TestimonialsPage');
const ServicesPage = lazyPage(() => import('../pages/ServicesPage'), 'ServicesPage');
const ImportDutyPage = lazyPage(() => import('../pages/ImportDutyPage'), 'ImportDutyPage');
const FinancingPage = lazyPage(() => import('../pages/FinancingPage'), 'FinancingPage');
const PrivacyPolicyPage = lazyPage(() => import('../pages/PrivacyPolicyPage'), 'PrivacyPolicyPage');
const TermsPage = lazyPage(() => import('../pages/TermsPage'), 'TermsPage');
const ComparePage = lazyPage(() => import('../pages/ComparePage'), 'ComparePage');
const CarsPage = lazyPage(() => import('../pages/CarsPage'), 'CarsPage');
const CarLandingPage = lazyPage(() => import('../pages/CarLandingPage'), 'CarLandingPage');
const CarSearchPage = lazyPage(() => import('../pages/CarSearchPage'), 'CarSearchPage');
const CarDetailPage = lazyPage(() => import('../pages/CarDetailPage'), 'CarDetailPage');
const BrandDetailPage = lazyPage(() => import('../pages/BrandDetailPage'), 'BrandDetailPage');
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'), 'NotFoundPage');

// Admin area: its own chunk.
const adminPages = () => withFullStyles(import('../pages/dashboard/admin.pages'));
const AdminLayout = lazyPage(adminPages, 'AdminLayout');
// One lazy component for every admin screen, picked by route id in the admin chunk: the entry
// every public page loads carries no per-screen code for the back office.
const AdminPage = lazyPage(adminPages, 'AdminPage');

// User area: its own chunk.
const userPages = () => withFullStyles(import('../pages/dashboard/user.pages'));
const UserLayout = lazyPage(userPages, 'UserLayout');
const UserPage = lazyPage(userPages, 'UserPage');

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
