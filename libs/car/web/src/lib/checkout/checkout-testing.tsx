import type { FakeCall } from '@dealership/web-trpc-client/testing';
import { trpc } from '@dealership/web-trpc-client';
import { SiteConfigProvider, theme } from '@dealership/web-ui';
import { TEST_SITE_CONFIG } from '@dealership/web-ui/testing';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LocationProbe } from '../../testing';

/** A fake answer: data, or a refusal with the HTTP status the API's error formatter would send. */
export type CheckoutAnswer = { data: unknown } | { error: { status: number; message?: string; field?: string } };

/** Answers one call (queries and mutations alike); throwing simulates a network failure. */
export type CheckoutApi = (procedure: string, input: unknown) => CheckoutAnswer | Promise<CheckoutAnswer>;

type BatchFetch = NonNullable<Parameters<typeof httpBatchLink>[0]['fetch']>;

/** tRPC's code and JSON-RPC number for each HTTP status the checkout meets. */
const CODES: Record<number, [string, number]> = {
  400: ['BAD_REQUEST', -32600],
  401: ['UNAUTHORIZED', -32001],
  402: ['PAYMENT_REQUIRED', -32002],
  404: ['NOT_FOUND', -32004],
  409: ['CONFLICT', -32009],
  500: ['INTERNAL_SERVER_ERROR', -32603],
  502: ['BAD_GATEWAY', -32603],
  503: ['SERVICE_UNAVAILABLE', -32603],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * A `fetch` for tRPC's batch link in tRPC's wire format, for queries (GET, `?input=`) and
 * mutations (POST body), with any error status: the real client, react-query and error parsing run.
 */
function checkoutFetch(api: CheckoutApi, calls: FakeCall[]): BatchFetch {
  let batches = 0;
  return async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const procedures = url.pathname.replace(/^\/trpc\//, '').split(',');
    const raw = typeof init?.body === 'string' ? init.body : url.searchParams.get('input');
    const inputs: unknown = raw ? JSON.parse(raw) : {};
    batches += 1;
    let status = 200;
    const results = await Promise.all(
      procedures.map(async (procedure, index) => {
        const callInput = isRecord(inputs) ? inputs[String(index)] : undefined;
        calls.push({ procedure, input: callInput, batch: batches });
        const answer = await api(procedure, callInput);
        if ('data' in answer) return { result: { data: answer.data } };
        const [code, jsonRpc] = CODES[answer.error.status] ?? ['INTERNAL_SERVER_ERROR', -32603];
        status = answer.error.status;
        const fieldErrors = answer.error.field ? { [answer.error.field]: [answer.error.message ?? code] } : null;
        return {
          error: {
            message: answer.error.message ?? code,
            code: jsonRpc,
            data: { code, httpStatus: answer.error.status, path: procedure, fieldErrors, field: answer.error.field ?? null },
          },
        };
      }),
    );
    // jsdom has no `Response`; the batch link reads only these members.
    return { ok: status < 400, status, headers: new Headers(), json: async () => results } as unknown as Awaited<ReturnType<BatchFetch>>;
  };
}

/** A signed-in buyer in the stored session (`auth`), as after a login. */
export function signIn(user: Partial<{ name: string; phone: string; address: string }> = {}): void {
  window.localStorage.setItem(
    'auth',
    JSON.stringify({
      user: {
        id: '00000000-0000-4000-8000-0000000000aa',
        name: 'Amina',
        email: 'amina@mail.co.ke',
        phone: '0712345678',
        address: 'Nyali, Mombasa',
        role: 0,
        ...user,
      },
      token: 't0k3n',
    }),
  );
}

export interface RenderCheckoutOptions {
  route?: string;
  api?: CheckoutApi;
}

/** Renders a screen with the app's providers over a fake API, a toast area and a location probe. */
export function renderCheckout(
  ui: ReactElement,
  { route = '/cart', api = () => ({ data: null }) }: RenderCheckoutOptions = {},
): RenderResult & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const trpcClient = trpc.createClient({ links: [httpBatchLink({ url: '/trpc', fetch: checkoutFetch(api, calls) })] });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <SiteConfigProvider value={TEST_SITE_CONFIG}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route
                  path="*"
                  element={
                    <>
                      {ui}
                      <LocationProbe />
                    </>
                  }
                />
              </Routes>
            </MemoryRouter>
          </QueryClientProvider>
        </trpc.Provider>
      </SiteConfigProvider>
    </MantineProvider>,
  );
  return { ...result, calls };
}

/** The calls of one procedure, in order. */
export const callsOf = (calls: FakeCall[], procedure: string) => calls.filter((call) => call.procedure === procedure);
