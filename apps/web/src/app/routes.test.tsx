import { theme, SiteConfigProvider } from '@dealership/web-ui';
import { MantineProvider } from '@mantine/core';
import { SITE_REDIRECTS, SITE_ROUTES } from '@dealership/shared-schemas';
import { TrpcProvider } from '@dealership/web-trpc-client';
import { createFakeTrpcFetch } from '@dealership/web-trpc-client/testing';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { isValidElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from './RouteError';
import { createRoutes } from './routes';

/** Every path of the route table in spec §2, plus /contact (linked from the home page), the admin activity log and the landing pages (issue 30). */
const SPEC_PATHS = [
  '/',
  '/cart',
  '/compare',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  // Buyers' alerts (issue 30): save a search, watch a price, the confirm and unsubscribe links.
  '/alerts/:page',
  '/imports/track/:token',
  '/trade-in-offer/:token',
  '/brands',
  '/about',
  '/contact',
  '/testimonials',
  '/services',
  '/import-duty',
  '/financing',
  '/privacy-policy',
  '/terms',
  '/inventory',
  '/cars',
  '/cars/:condition',
  '/cars/:group/:value',
  '/car-search',
  '/car/:slug',
  '/brand/:slug',
  '/dashboard/admin',
  '/dashboard/admin/allbrands',
  '/dashboard/admin/cars',
  '/dashboard/admin/create-brand',
  '/dashboard/admin/create-product',
  '/dashboard/admin/car/:slug',
  '/dashboard/admin/userorders',
  '/dashboard/admin/activity',
  '/dashboard/admin/testimonials',
  '/dashboard/admin/leads',
  '/dashboard/admin/settings',
  '/dashboard/admin/site-content',
  '/dashboard/admin/inspections',
  '/dashboard/admin/imports',
  '/dashboard/admin/imports/:id',
  '/dashboard/admin/messages',
  '/dashboard/admin/staff',
  '/dashboard/admin/reports',
  '/dashboard/user',
  '/dashboard/user/order',
  '/dashboard/user/profile',
  '/*',
];

function fullPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
    const self = route.path || route.index ? [here || '/'] : [];
    return [...self, ...fullPaths(route.children ?? [], here)];
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <MantineProvider theme={theme} env="test">
      <SiteConfigProvider value={{ dealerPhone: '+254 733 000 111', publicUrl: 'https://cars.example' }}>
        {/* Pages and the dashboard guards ask the server through react-query. */}
        <TrpcProvider getAuthToken={() => null} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </TrpcProvider>
      </SiteConfigProvider>
    </MantineProvider>,
  );
}

describe('routes', () => {
  it('registers every path of the spec route table and a catch-all', () => {
    const paths = fullPaths(createRoutes());
    expect([...new Set(paths)].sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('routes every page of SITE_ROUTES, the list the server and the sitemap share', () => {
    const paths = fullPaths(createRoutes());
    expect([...new Set(paths)].sort()).toEqual([...Object.values(SITE_ROUTES).map((route) => route.path), ...Object.keys(SITE_REDIRECTS), '/*'].sort());
  });

  it('moves an old name of a page to the page, keeping the query', async () => {
    // The app's own declarative router (a data router navigates with fetch's Request, which jsdom lacks).
    function Routed() {
      const location = useLocation();
      return (
        <>
          <output aria-label="where">{location.pathname + location.search}</output>
          {useRoutes(createRoutes())}
        </>
      );
    }
    render(
      <MantineProvider theme={theme} env="test">
        <SiteConfigProvider value={{ dealerPhone: '+254 733 000 111', publicUrl: 'https://cars.example' }}>
          <TrpcProvider getAuthToken={() => null} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <MemoryRouter initialEntries={['/inventory?page=2']}>
              <Routed />
            </MemoryRouter>
          </TrpcProvider>
        </SiteConfigProvider>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Premium Cars for Sale in Mombasa, Kenya' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/cars?page=2');
  });

  it('renders the pages inside an error boundary within the layout', () => {
    const [root] = createRoutes();
    const pages = root.children?.[0];
    expect(isValidElement(pages?.element) && pages.element.type).toBe(RouteErrorBoundary);
  });

  it('shows the 404 page for an unknown path inside the layout', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /car stopped at a road sign/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+254 733 000 111' })).toBeInTheDocument();
  });

  it('lazy-loads a placeholder page with its heading', async () => {
    renderAt('/cars');
    expect(await screen.findByRole('heading', { name: 'Premium Cars for Sale in Mombasa, Kenya' })).toBeInTheDocument();
  });

  it('lazy-loads the admin area behind its guard: a guest gets the countdown', async () => {
    renderAt('/dashboard/admin/allbrands');
    expect(await screen.findByRole('heading', { name: 'redirecting to you in 3 second' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'All Brands' })).not.toBeInTheDocument();
  });

  it('lazy-loads the admin area for an admin the server confirms', async () => {
    const amina = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Amina', email: 'amina@mail.co.ke', phone: '0712', address: 'Nyali', role: 1, staffRole: 'owner' };
    window.localStorage.setItem('auth', JSON.stringify({ user: amina, token: 'admin-token' }));
    // jsdom has no fetch: answer tRPC `user.me` with the admin.
    const fake = createFakeTrpcFetch((procedure) => (procedure === 'user.me' ? { data: amina } : { error: { code: 'NOT_FOUND' } }));
    Object.assign(globalThis, { fetch: fake.fetch });
    try {
      renderAt('/dashboard/admin/allbrands');
      expect(await screen.findByRole('heading', { name: 'All Brands' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Create Car' })).toHaveAttribute('href', '/dashboard/admin/create-product');
      expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/dashboard/admin/activity');
      expect(fake.calls.map((call) => call.procedure)).toContain('user.me');
    } finally {
      window.localStorage.clear();
      Object.assign(globalThis, { fetch: undefined });
    }
  });

  it("gives a salesperson the back office without the owner's screens: no Rates or Activity in the menu, and the screens say why", async () => {
    const salim = { id: '00000000-0000-4000-8000-0000000000bb', name: 'Salim', email: 'salim@mail.co.ke', phone: '0712', address: 'Nyali', role: 1, staffRole: 'sales' };
    window.localStorage.setItem('auth', JSON.stringify({ user: salim, token: 'sales-token' }));
    const fake = createFakeTrpcFetch((procedure) => (procedure === 'user.me' ? { data: salim } : { error: { code: 'FORBIDDEN' } }));
    Object.assign(globalThis, { fetch: fake.fetch });
    try {
      renderAt('/dashboard/admin/settings');
      expect(await screen.findByText("Owner access required: ask the dealership's owner")).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Create Car' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Rates' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
      expect(fake.calls.map((call) => call.procedure)).not.toContain('setting.list');
    } finally {
      window.localStorage.clear();
      Object.assign(globalThis, { fetch: undefined });
    }
  });
});
