import { theme, SiteConfigProvider } from '@dealership/web-ui';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createRoutes } from './routes';

/** Every path of the route table in spec §2, plus /contact (linked from the home page). */
const SPEC_PATHS = [
  '/',
  '/cart',
  '/login',
  '/register',
  '/brands',
  '/about',
  '/contact',
  '/cars',
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
  const router = createMemoryRouter(createRoutes({ dealerPhone: '+254 733 000 111' }), { initialEntries: [path] });
  return render(
    <MantineProvider theme={theme} env="test">
      <SiteConfigProvider value={{ dealerPhone: '+254 733 000 111', publicUrl: 'https://cars.example' }}>
        <RouterProvider router={router} />
      </SiteConfigProvider>
    </MantineProvider>,
  );
}

describe('routes', () => {
  it('registers every path of the spec route table and a catch-all', () => {
    const paths = fullPaths(createRoutes({ dealerPhone: '+254 700 000 000' }));
    expect([...new Set(paths)].sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('gives the routes an error element', () => {
    const [root] = createRoutes({ dealerPhone: '+254 700 000 000' });
    expect(root.errorElement).toBeDefined();
    expect(root.children?.[0].errorElement).toBeDefined();
  });

  it('shows the 404 page for an unknown path inside the layout', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /car stopped at a road sign/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+254 733 000 111' })).toBeInTheDocument();
  });

  it('lazy-loads a placeholder page with its heading', async () => {
    renderAt('/cars');
    expect(
      await screen.findByRole('heading', { name: 'Premium Cars for Sale in Mombasa, Kenya' }),
    ).toBeInTheDocument();
  });

  it('lazy-loads the admin area', async () => {
    renderAt('/dashboard/admin/allbrands');
    expect(await screen.findByRole('heading', { name: 'All Brands' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Car' })).toHaveAttribute('href', '/dashboard/admin/create-product');
  });
});
