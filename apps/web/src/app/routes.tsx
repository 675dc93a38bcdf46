import { Layout } from '@dealership/web-ui';
import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { withFullStyles } from './full-styles';
import { RouteErrorBoundary } from './RouteError';

/** A page component loaded on first visit: one chunk per module. */
function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

// Public pages
const HomePage = lazyPage(() => import('../pages/HomePage'), 'HomePage');
const BrandsPage = lazyPage(() => import('../pages/BrandsPage'), 'BrandsPage');
const CartPage = lazyPage(() => import('../pages/CartPage'), 'CartPage');
const LoginPage = lazyPage(() => withFullStyles(import('../pages/LoginPage')), 'LoginPage');
const RegisterPage = lazyPage(() => withFullStyles(import('../pages/RegisterPage')), 'RegisterPage');
const AboutPage = lazyPage(() => import('../pages/AboutPage'), 'AboutPage');
const ContactPage = lazyPage(() => import('../pages/ContactPage'), 'ContactPage');
const CarsPage = lazyPage(() => import('../pages/CarsPage'), 'CarsPage');
const CarSearchPage = lazyPage(() => import('../pages/CarSearchPage'), 'CarSearchPage');
const CarDetailPage = lazyPage(() => import('../pages/CarDetailPage'), 'CarDetailPage');
const BrandDetailPage = lazyPage(() => import('../pages/BrandDetailPage'), 'BrandDetailPage');
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'), 'NotFoundPage');

// Admin area: its own chunk.
const adminPages = () => withFullStyles(import('../pages/dashboard/admin.pages'));
const AdminLayout = lazyPage(adminPages, 'AdminLayout');
const AdminHomePage = lazyPage(adminPages, 'AdminHomePage');
const AdminBrandsPage = lazyPage(adminPages, 'AdminBrandsPage');
const AdminCarsPage = lazyPage(adminPages, 'AdminCarsPage');
const AdminCreateBrandPage = lazyPage(adminPages, 'AdminCreateBrandPage');
const AdminCreateCarPage = lazyPage(adminPages, 'AdminCreateCarPage');
const AdminUpdateCarPage = lazyPage(adminPages, 'AdminUpdateCarPage');
const AdminOrdersPage = lazyPage(adminPages, 'AdminOrdersPage');

// User area: its own chunk.
const userPages = () => withFullStyles(import('../pages/dashboard/user.pages'));
const UserLayout = lazyPage(userPages, 'UserLayout');
const UserHomePage = lazyPage(userPages, 'UserHomePage');
const UserOrdersPage = lazyPage(userPages, 'UserOrdersPage');
const UserProfilePage = lazyPage(userPages, 'UserProfilePage');

export interface RoutesConfig {
  dealerPhone: string;
}

/** The route table of spec §2. */
export function createRoutes({ dealerPhone }: RoutesConfig): RouteObject[] {
  return [
    {
      path: '/',
      element: <Layout dealerPhone={dealerPhone} />,
      children: [
        {
          // Page errors render inside the layout, keeping the header and footer. The app runs the
          // declarative router (`useRoutes`, no data-router code shipped), so this is a boundary
          // element rather than `errorElement`; App wraps the whole tree in one more.
          element: <RouteErrorBoundary />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'cart', element: <CartPage /> },
            { path: 'login', element: <LoginPage /> },
            { path: 'register', element: <RegisterPage /> },
            { path: 'brands', element: <BrandsPage /> },
            { path: 'about', element: <AboutPage /> },
            { path: 'contact', element: <ContactPage /> },
            { path: 'cars', element: <CarsPage /> },
            { path: 'car-search', element: <CarSearchPage /> },
            { path: 'car/:slug', element: <CarDetailPage /> },
            { path: 'brand/:slug', element: <BrandDetailPage /> },
            {
              path: 'dashboard/admin',
              element: <AdminLayout />,
              children: [
                { index: true, element: <AdminHomePage /> },
                { path: 'allbrands', element: <AdminBrandsPage /> },
                { path: 'cars', element: <AdminCarsPage /> },
                { path: 'create-brand', element: <AdminCreateBrandPage /> },
                { path: 'create-product', element: <AdminCreateCarPage /> },
                { path: 'car/:slug', element: <AdminUpdateCarPage /> },
                { path: 'userorders', element: <AdminOrdersPage /> },
              ],
            },
            {
              path: 'dashboard/user',
              element: <UserLayout />,
              children: [
                { index: true, element: <UserHomePage /> },
                { path: 'order', element: <UserOrdersPage /> },
                { path: 'profile', element: <UserProfilePage /> },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
