import { readAuthToken } from '@dealership/web-session';
import { authHeaders, trpc } from '@dealership/web-trpc-client';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { act, screen, waitFor, within } from '@testing-library/react';
import { SiteLayout } from './SiteLayout';

const juma = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Juma', email: 'juma@mail.co.ke', phone: '0712', address: 'Bamburi', role: 0 };
const amina = { ...juma, id: '00000000-0000-4000-8000-0000000000bb', name: 'Amina', role: 1 };

/** Minimal stored favourites: the list only needs these fields. */
function savedCar(n: number) {
  return { id: `car-${n}`, name: `Car ${n}`, slug: `car-${n}`, price: 1_000_000, images: [], brand: null };
}

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

/** The server's side of the calls: each one's procedures and Authorization header; `down` fails them. */
function fakeServer() {
  const server = { requests: [] as { procedures: string; authorization: string | undefined }[], down: false };
  const fetch = async (input: RequestInfo | URL | string, init?: { headers?: unknown }) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    server.requests.push({
      procedures: new URL(String(input), 'http://localhost').pathname,
      authorization: headers['authorization'] ?? headers['Authorization'],
    });
    if (server.down) throw new TypeError('Failed to fetch');
    return { ok: true, status: 200, json: async () => [{ result: { data: { ok: true } } }] };
  };
  return { server, fetch };
}

function renderLayout(queryClient = new QueryClient(), fake = fakeServer()) {
  const trpcClient = trpc.createClient({ links: [httpBatchLink({ url: '/trpc', fetch: fake.fetch, headers: () => authHeaders(readAuthToken()) })] });
  const result = renderWithProviders(
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SiteLayout />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return { ...result, server: fake.server };
}

describe('SiteLayout', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the number of saved cars on the wishlist badge and follows changes', () => {
    window.localStorage.setItem('cart', JSON.stringify([savedCar(1), savedCar(2)]));
    renderLayout();
    expect(mainNav().getByRole('link', { name: 'Wishlist 2 saved cars' })).toBeInTheDocument();

    act(() => {
      window.localStorage.setItem('cart', JSON.stringify([savedCar(1), savedCar(2), savedCar(3)]));
      // Another tab changed the list.
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', storageArea: window.localStorage }));
    });
    expect(mainNav().getByRole('link', { name: 'Wishlist 3 saved cars' })).toBeInTheDocument();
  });

  it('counts favourites saved in the legacy shape', () => {
    const legacy = { _id: 'car-9', name: 'Old', slug: 'old', price: 1, documents: [{ url: '/a.webp', public_id: 'a' }] };
    window.localStorage.setItem('cart', JSON.stringify([legacy, { junk: true }]));
    renderLayout();
    expect(mainNav().getByRole('link', { name: 'Wishlist 1 saved cars' })).toBeInTheDocument();
  });

  it('offers Login and Register to a guest, and ignores a malformed stored session', () => {
    window.localStorage.setItem('auth', '{"user":{},"token":""}');
    renderLayout();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('offers the admin dashboard to an admin and the user dashboard to others', () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: amina, token: 't0k3n' }));
    const { unmount } = renderLayout();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/admin');
    unmount();

    // A session stored before the contract rename (`_id`) still signs the visitor in.
    const { id, ...rest } = juma;
    window.localStorage.setItem('auth', JSON.stringify({ user: { _id: id, ...rest }, token: 't0k3n' }));
    renderLayout();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/user');
  });

  it('logs out: the server ends the session (user.logout with the token), then the stored session and every cached query go', async () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: juma, token: 't0k3n' }));
    const queryClient = new QueryClient();
    queryClient.setQueryData([['order', 'mine'], { type: 'query' }], [{ id: 'order-1' }]);
    const { server } = renderLayout(queryClient);

    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    await waitFor(() => expect(window.localStorage.getItem('auth')).toBeNull());
    expect(server.requests).toEqual([{ procedures: '/trpc/user.logout', authorization: 'Bearer t0k3n' }]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(await screen.findByText('Logged Out Successfully')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('logs out here even when the server cannot be reached', async () => {
    window.localStorage.setItem('auth', JSON.stringify({ user: juma, token: 't0k3n' }));
    const fake = fakeServer();
    fake.server.down = true;
    renderLayout(new QueryClient(), fake);

    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    await waitFor(() => expect(window.localStorage.getItem('auth')).toBeNull());
    expect(fake.server.requests).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
