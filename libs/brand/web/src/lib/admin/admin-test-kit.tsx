// Test helpers of the brand admin screens (not exported from the lib).
import { trpc } from '@dealership/web-trpc-client';
import { createFakeTrpcFetch, type FakeAnswer, type FakeCall } from '@dealership/web-trpc-client/testing';
import { renderWithProviders } from '@dealership/web-ui/testing';
import type { UploadImage } from '@dealership/media-web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { screen, within, type RenderResult } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import type { BrandImageTransfer } from './brand-form';

/** A domain refusal as the server's error formatter sends it: a 409 naming the field at fault. */
export interface ConflictAnswer {
  conflict: { message: string; field?: string };
}
export type AdminFakeAnswer = FakeAnswer | ConflictAnswer;
export type AdminFakeApi = (procedure: string, input: unknown) => AdminFakeAnswer;

type BatchFetch = NonNullable<Parameters<typeof httpBatchLink>[0]['fetch']>;

/** The shared fake fetch, plus 409 answers with `data.field` (which it cannot send itself). */
function conflictAwareFetch(api: AdminFakeApi, calls: FakeCall[], holdWrites?: () => Promise<void>): BatchFetch {
  let conflicts: (ConflictAnswer['conflict'] | undefined)[] = [];
  const base = createFakeTrpcFetch((procedure, input) => {
    const answer = api(procedure, input);
    if ('conflict' in answer) {
      conflicts.push(answer.conflict);
      return { error: { code: 'BAD_REQUEST', message: answer.conflict.message } };
    }
    conflicts.push(undefined);
    return answer;
  }, calls);
  return async (input, init) => {
    if (init?.method === 'POST' && holdWrites) await holdWrites();
    conflicts = [];
    // The shared fake reads inputs from `?input=` only; a mutation sends them as its POST body.
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' && typeof init.body === 'string') url.searchParams.set('input', init.body);
    const response = await base.fetch(`${url.pathname}${url.search}`, init);
    const batchConflicts = conflicts;
    if (!batchConflicts.some(Boolean)) return response;
    const results = (await response.json()) as { error?: { code: number; data: Record<string, unknown> } }[];
    const patched = results.map((result, index) => {
      const conflict = batchConflicts[index];
      if (!conflict || !result.error) return result;
      return { error: { ...result.error, code: -32009, data: { ...result.error.data, code: 'CONFLICT', httpStatus: 409, field: conflict.field ?? null } } };
    });
    return { ...response, status: 409, json: async () => patched } as typeof response;
  };
}

function AdminTestProviders({
  api,
  calls,
  holdWrites,
  children,
}: {
  api: AdminFakeApi;
  calls: FakeCall[];
  holdWrites?: () => Promise<void>;
  children: ReactNode;
}) {
  const [clients] = useState(() => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return { queryClient, trpcClient: trpc.createClient({ links: [httpBatchLink({ url: '/trpc', fetch: conflictAwareFetch(api, calls, holdWrites) })] }) };
  });
  return (
    <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
      <QueryClientProvider client={clients.queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}

/**
 * Renders an admin screen over a fake API; `calls` records what was asked. `holdWrites` is awaited
 * before each mutation is answered (to see a screen mid-save).
 */
export function renderAdmin(
  ui: ReactElement,
  { api, route = '/', holdWrites }: { api: AdminFakeApi; route?: string; holdWrites?: () => Promise<void> },
): RenderResult & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const result = renderWithProviders(
    <AdminTestProviders api={api} calls={calls} holdWrites={holdWrites}>
      {ui}
    </AdminTestProviders>,
    { route },
  );
  return { ...result, calls };
}

let uploaded = 0;

/** A resize that keeps the file and an upload that stores it at once under a new id. */
export function fakeImageTransfer(): BrandImageTransfer & { uploads: string[] } {
  const uploads: string[] = [];
  const upload: UploadImage = async (_file, options) => {
    uploaded += 1;
    const publicId = `brands/new-${uploaded}`;
    uploads.push(publicId);
    options.onProgress?.(1);
    return { url: `/media/${publicId}.webp`, publicId, width: 800, height: 600 };
  };
  return { resize: async (file) => file, upload, uploads };
}

/** jsdom has no object URLs; the upload list makes one per picked file for its preview. */
export function stubObjectUrls(): void {
  let urls = 0;
  Object.assign(URL, { createObjectURL: () => `blob:preview-${++urls}`, revokeObjectURL: () => undefined });
}

export const logoFile = (name = 'logo.png') => new File([new Uint8Array(64)], name, { type: 'image/png' });

/** The messages of the toasts on screen. */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.mantine-Notification-description')).map((node) => node.textContent ?? '');
}

/** Finds the toast with exactly `message`. */
export async function findToast(message: string): Promise<HTMLElement> {
  const toasts = await screen.findAllByText(message, { selector: '.mantine-Notification-description' });
  return toasts[0];
}

export const inDialog = (name: string | RegExp) => within(screen.getByRole('dialog', { name }));

/**
 * Queries other screens keep in the cache, as if open or recently seen: the public featured cars
 * (which carry their brand) and the activity log. Their calls show whether a write refreshed them.
 */
export function OtherScreensProbe() {
  trpc.car.featured.useQuery();
  trpc.audit.list.useQuery({ page: 1, pageSize: 5 });
  return null;
}

/** `api`, answering the probe's queries too. */
export const withOtherScreens =
  (api: AdminFakeApi): AdminFakeApi =>
  (procedure, input) =>
    procedure === 'car.featured' || procedure === 'audit.list' ? { data: [] } : api(procedure, input);

/** The calls of one procedure. */
export const callsTo = (calls: { procedure: string }[], procedure: string) => calls.filter((c) => c.procedure === procedure).length;
