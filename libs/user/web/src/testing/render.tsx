import type { User } from '@dealership/user-schemas';
import { readAuthToken } from '@dealership/web-session';
import { authHeaders } from '@dealership/web-trpc-client';
import { TestTrpcProvider, type FakeApi, type FakeRequest } from '@dealership/web-trpc-client/testing';
import { SiteConfigProvider, theme } from '@dealership/web-ui';
import { TEST_SITE_CONFIG } from '@dealership/web-ui/testing';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** One procedure call the client made. */
export interface ApiCall {
  procedure: string;
  input: unknown;
}

/** Shows the current location, so tests can assert where a navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderAppOptions {
  /** Initial URL. */
  route?: string;
  /** Route pattern `ui` is mounted at. */
  path?: string;
  /** Extra routes (e.g. `/login`) rendered with a location probe. */
  otherPaths?: string[];
  /** Answers tRPC calls; every call fails as a network error by default. */
  api?: FakeApi;
  queryClient?: QueryClient;
}

export interface RenderAppResult extends RenderResult {
  queryClient: QueryClient;
  apiCalls: ApiCall[];
  /** The HTTP requests behind `apiCalls`, with their headers. */
  apiRequests: FakeRequest[];
}

function networkDown(): never {
  throw new TypeError('Failed to fetch');
}

/**
 * Renders `ui` with the app's providers: Mantine, toasts, site config, react-query, a tRPC client
 * (sending the stored session's token, as the app's does) and a router.
 */
export function renderApp(
  ui: ReactElement,
  { route = '/', path = '*', otherPaths = [], api = networkDown, queryClient }: RenderAppOptions = {},
): RenderAppResult {
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const apiCalls: ApiCall[] = [];
  const apiRequests: FakeRequest[] = [];
  const recorded: FakeApi = (procedure, input) => {
    apiCalls.push({ procedure, input });
    return api(procedure, input);
  };
  const withProbe = (element: ReactNode) => (
    <>
      {element}
      <LocationProbe />
    </>
  );
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <SiteConfigProvider value={TEST_SITE_CONFIG}>
        {/* Like the app's client: the stored session's token goes with every call. */}
        <TestTrpcProvider api={recorded} requests={apiRequests} queryClient={client} headers={() => authHeaders(readAuthToken())}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={withProbe(ui)} />
              {otherPaths.map((other) => (
                <Route key={other} path={other} element={withProbe(<p>{`${other} page`}</p>)} />
              ))}
            </Routes>
          </MemoryRouter>
        </TestTrpcProvider>
      </SiteConfigProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient: client, apiCalls, apiRequests };
}

/** Stores a session under `auth`, as a login would; user fields not given get test values. */
export function storeSession(user: Partial<User> & Pick<User, 'name' | 'role'>, token = 'test-token') {
  const full: User = {
    id: '00000000-0000-4000-8000-0000000000aa',
    email: 'test@mail.co.ke',
    phone: '0712000000',
    address: 'Mombasa',
    emailVerified: true,
    staffRole: user.role === 1 ? 'owner' : null,
    ...user,
  };
  window.localStorage.setItem('auth', JSON.stringify({ user: full, token }));
}
