import { withFullStyles } from './full-styles';

// The emailed account links' pages and the alerts' pages: one chunk, opened from an email.
const accountLinkPages = () => withFullStyles(import('../pages/AccountLinkPages'));
// The signed-in areas: a chunk each.
const adminPages = () => withFullStyles(import('../pages/dashboard/admin.pages'));
const userPages = () => withFullStyles(import('../pages/dashboard/user.pages'));

/**
 * Every page's module by the name of its page component: public pages are `src/pages/<name>.tsx`,
 * one chunk each. Its own chunk, which the entry loads on the first navigation (or for a page
 * rendered in the browser): each `import()` here carries Vite's list of the chunks and stylesheets
 * that page needs, about 2.5 kB of gzipped names for all of them, which a server-rendered page's
 * first load does not need (the server names its page's chunks; see `first-page.ts`).
 */
export const PAGE_LOADERS = {
  HomePage: () => import('../pages/HomePage'),
  BrandsPage: () => import('../pages/BrandsPage'),
  CartPage: () => import('../pages/CartPage'),
  LoginPage: () => withFullStyles(import('../pages/LoginPage')),
  RegisterPage: () => withFullStyles(import('../pages/RegisterPage')),
  ForgotPasswordPage: accountLinkPages,
  ResetPasswordPage: accountLinkPages,
  VerifyEmailPage: accountLinkPages,
  // Buyers' alerts (their confirm and unsubscribe links come by email or SMS too).
  AlertPage: accountLinkPages,
  AboutPage: () => import('../pages/AboutPage'),
  ContactPage: () => import('../pages/ContactPage'),
  TestimonialsPage: () => import('../pages/TestimonialsPage'),
  ServicesPage: () => import('../pages/ServicesPage'),
  ImportDutyPage: () => import('../pages/ImportDutyPage'),
  FinancingPage: () => import('../pages/FinancingPage'),
  PrivacyPolicyPage: () => import('../pages/PrivacyPolicyPage'),
  TermsPage: () => import('../pages/TermsPage'),
  ComparePage: () => import('../pages/ComparePage'),
  CarsPage: () => import('../pages/CarsPage'),
  CarLandingPage: () => import('../pages/CarLandingPage'),
  CarSearchPage: () => import('../pages/CarSearchPage'),
  CarDetailPage: () => import('../pages/CarDetailPage'),
  BrandDetailPage: () => import('../pages/BrandDetailPage'),
  NotFoundPage: () => import('../pages/NotFoundPage'),
  // A buyer's import and trade-in offer, opened from the links of their SMS and emails.
  ImportTrackingPage: () => import('../pages/ImportTrackingPage'),
  TradeInOfferPage: () => import('../pages/TradeInOfferPage'),
  AdminLayout: adminPages,
  AdminPage: adminPages,
  UserLayout: userPages,
  UserPage: userPages,
};
