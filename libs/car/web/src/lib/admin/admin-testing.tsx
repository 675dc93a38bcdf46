import { SiteConfigProvider, theme } from '@dealership/web-ui';
import { createFakeTrpcFetch, type FakeAnswer, type FakeCall } from '@dealership/web-trpc-client/testing';
import { trpc } from '@dealership/web-trpc-client';
import { TEST_SITE_CONFIG } from '@dealership/web-ui/testing';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LocationProbe } from '../../testing';

/** A fake answer; a refusal may name fields, as the API's error formatter does. */
export type AdminFakeAnswer =
  | FakeAnswer
  | { error: { code: 'NOT_FOUND' | 'BAD_REQUEST' | 'INTERNAL_SERVER_ERROR'; message?: string; fieldErrors?: Record<string, string[]>; field?: string } };

/** Answers one call; throwing simulates a network failure. */
export type AdminFakeApi = (procedure: string, input: unknown) => AdminFakeAnswer;

type BatchFetch = NonNullable<Parameters<typeof httpBatchLink>[0]['fetch']>;

/**
 * The fake tRPC API of `@dealership/web-trpc-client/testing`, with what the admin forms need
 * beyond it: mutations (their input is in the POST body) and refusals naming fields.
 */
function adminFetch(api: AdminFakeApi, calls: FakeCall[], holdWrites?: () => Promise<void>): BatchFetch {
  const extras: (Record<string, unknown> | undefined)[] = [];
  const fake = createFakeTrpcFetch((procedure, input) => {
    const answer = api(procedure, input);
    if ('error' in answer) {
      const { fieldErrors, field } = answer.error as { fieldErrors?: unknown; field?: unknown };
      extras.push({ fieldErrors: fieldErrors ?? null, field: field ?? null });
      return { error: { code: answer.error.code, message: answer.error.message } };
    }
    extras.push(undefined);
    return answer;
  }, calls);
  return async (input, init) => {
    if (init?.method === 'POST' && holdWrites) await holdWrites();
    const url = new URL(String(input), 'http://localhost');
    if (typeof init?.body === 'string') url.searchParams.set('input', init.body);
    const first = extras.length;
    const response = await fake.fetch(`${url.pathname}${url.search}`, init);
    const json = response.json.bind(response);
    return {
      ...response,
      json: async () => {
        const results = (await json()) as { error?: { data?: Record<string, unknown> } }[];
        return results.map((result, index) => {
          const extra = extras[first + index];
          return result.error && extra ? { ...result, error: { ...result.error, data: { ...result.error.data, ...extra } } } : result;
        });
      },
    } as Awaited<ReturnType<BatchFetch>>;
  };
}

export interface RenderAdminOptions {
  route?: string;
  /** Route pattern the screen is mounted at; every other path shows only the location. */
  path?: string;
  api?: AdminFakeApi;
  /** Awaited before each mutation is answered (to see a screen mid-write). */
  holdWrites?: () => Promise<void>;
  /** Keeps queries of other screens subscribed (see `OtherScreensProbe`) across navigation. */
  otherScreens?: boolean;
}

/**
 * Queries other screens keep in the cache, as if open or recently seen: the public featured cars
 * and the activity log. Their calls show whether a write refreshed them.
 */
export function OtherScreensProbe() {
  trpc.car.featured.useQuery();
  trpc.audit.list.useQuery({ page: 1, pageSize: 5 });
  return null;
}

/** Answers the probe's queries; undefined for any other procedure. */
export function otherScreensAnswer(procedure: string): AdminFakeAnswer | undefined {
  return procedure === 'car.featured' || procedure === 'audit.list' ? { data: [] } : undefined;
}

/** Renders an admin screen with the app's providers over a fake API, and a location probe on every path. */
export function renderAdmin(
  ui: ReactElement,
  { route = '/', path = '*', api = () => ({ data: null }), holdWrites, otherScreens = false }: RenderAdminOptions = {},
): RenderResult & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const trpcClient = trpc.createClient({ links: [httpBatchLink({ url: '/trpc', fetch: adminFetch(api, calls, holdWrites) })] });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <SiteConfigProvider value={TEST_SITE_CONFIG}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={[route]}>
              {otherScreens ? <OtherScreensProbe /> : null}
              <Routes>
                <Route
                  path={path}
                  element={
                    <>
                      {ui}
                      <LocationProbe />
                    </>
                  }
                />
                {path === '*' ? null : <Route path="*" element={<LocationProbe />} />}
              </Routes>
            </MemoryRouter>
          </QueryClientProvider>
        </trpc.Provider>
      </SiteConfigProvider>
    </MantineProvider>,
  );
  return { ...result, calls };
}

/** The current URL (path and query), as the location probe shows it. */
export function currentLocation(): string | null {
  return screen.getByRole('status', { name: 'Current location' }).textContent;
}

/** The calls of one procedure, in order. */
export const callsOf = (calls: FakeCall[], procedure: string) => calls.filter((call) => call.procedure === procedure);
