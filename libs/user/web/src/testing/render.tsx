import type { User } from '@dealership/user-schemas';
import { readAuthToken } from '@dealership/web-session';
import { authHeaders, trpc } from '@dealership/web-trpc-client';
import { SiteConfigProvider, theme } from '@dealership/web-ui';
import { TEST_SITE_CONFIG } from '@dealership/web-ui/testing';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** A procedure's fake answer: its data, or an error shaped like the API's error formatter. */
export type FakeAnswer =
  | { data: unknown }
  | {
      error: {
        message: string;
        httpStatus: number;
        fieldErrors?: Record<string, string[]> | null;
        field?: string | null;
      };
    };

/** Answers one procedure call (`user.login`) of a batch; throwing simulates a network failure. */
export type FakeProcedure = (procedure: string, input: unknown) => FakeAnswer;

const JSON_RPC_CODES: Record<number, number> = {
  400: -32600,
  401: -32001,
  403: -32003,
  404: -32004,
  409: -32009,
  500: -32603,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The batch inputs: a POST body (mutations) or the `input` query parameter (queries), keyed "0", "1"... */
function batchInputs(url: string, body: unknown): Record<string, unknown> {
  const raw = typeof body === 'string' ? body : new URL(url, 'http://localhost').searchParams.get('input');
  const parsed: unknown = raw ? JSON.parse(raw) : {};
  return isRecord(parsed) ? parsed : {};
}

/** One procedure call the client made. */
export interface FakeCall {
  procedure: string;
  input: unknown;
}

/** One HTTP request of the client (a batch of calls), with its headers. */
export interface FakeRequest {
  procedures: string[];
  headers: Record<string, string>;
}

function headerRecord(headers: unknown): Record<string, string> {
  if (!isRecord(headers)) return {};
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * A `fetch` for tRPC's batch link that answers from `answer`, in tRPC's wire format: what a real
 * server sends, so the client, react-query and the error parsing all run for real.
 */
export function createFakeTrpcFetch(answer: FakeProcedure) {
  const calls: FakeCall[] = [];
  const requests: FakeRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL | string, init?: { body?: unknown; headers?: unknown }) => {
    const url = String(input);
    const procedures = new URL(url, 'http://localhost').pathname.replace(/^\/trpc\//, '').split(',');
    const inputs = batchInputs(url, init?.body);
    requests.push({ procedures, headers: headerRecord(init?.headers) });
    let status = 200;
    const results = procedures.map((procedure, index) => {
      const callInput = inputs[String(index)];
      calls.push({ procedure, input: callInput });
      const result = answer(procedure, callInput);
      if ('data' in result) return { result: { data: result.data } };
      status = result.error.httpStatus;
      const { message, httpStatus, fieldErrors = null, field = null } = result.error;
      return {
        error: {
          message,
          code: JSON_RPC_CODES[httpStatus] ?? -32603,
          data: { code: 'ERROR', httpStatus, path: procedure, fieldErrors, field },
        },
      };
    });
    return { ok: status < 400, status, json: async () => results };
  };
  return { fetch: fetchImpl, calls, requests };
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
  api?: FakeProcedure;
  queryClient?: QueryClient;
}

export interface RenderAppResult extends RenderResult {
  queryClient: QueryClient;
  apiCalls: FakeCall[];
  /** The HTTP requests behind `apiCalls`, with their headers. */
  apiRequests: FakeRequest[];
}

function networkDown(): FakeAnswer {
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
  const client =
    queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const fake = createFakeTrpcFetch(api);
  // Like the app's client: the stored session's token goes with every call.
  const trpcClient = trpc.createClient({
    links: [httpBatchLink({ url: '/trpc', fetch: fake.fetch, headers: () => authHeaders(readAuthToken()) })],
  });
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
        <trpc.Provider client={trpcClient} queryClient={client}>
          <QueryClientProvider client={client}>
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path={path} element={withProbe(ui)} />
                {otherPaths.map((other) => (
                  <Route key={other} path={other} element={withProbe(<p>{`${other} page`}</p>)} />
                ))}
              </Routes>
            </MemoryRouter>
          </QueryClientProvider>
        </trpc.Provider>
      </SiteConfigProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient: client, apiCalls: fake.calls, apiRequests: fake.requests };
}

/** Stores a session under `auth`, as a login would; user fields not given get test values. */
export function storeSession(user: Partial<User> & Pick<User, 'name' | 'role'>, token = 'test-token') {
  const full: User = {
    id: '00000000-0000-4000-8000-0000000000aa',
    email: 'test@mail.co.ke',
    phone: '0712000000',
    address: 'Mombasa',
    ...user,
  };
  window.localStorage.setItem('auth', JSON.stringify({ user: full, token }));
}
