import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { trpc } from '../lib/trpc';

/** The tRPC error codes the API sends, with their HTTP status and JSON-RPC number (as tRPC maps them). */
const TRPC_ERRORS = {
  BAD_REQUEST: [400, -32600],
  UNAUTHORIZED: [401, -32001],
  PAYMENT_REQUIRED: [402, -32002],
  FORBIDDEN: [403, -32003],
  NOT_FOUND: [404, -32004],
  CONFLICT: [409, -32009],
  PAYLOAD_TOO_LARGE: [413, -32013],
  UNSUPPORTED_MEDIA_TYPE: [415, -32015],
  TOO_MANY_REQUESTS: [429, -32029],
  INTERNAL_SERVER_ERROR: [500, -32603],
  BAD_GATEWAY: [502, -32603],
  SERVICE_UNAVAILABLE: [503, -32603],
} as const;

export type FakeErrorCode = keyof typeof TRPC_ERRORS;

/**
 * A refusal, sent as the API's error formatter (libs/server/trpc errorFormatter) shapes it. Give the
 * tRPC `code`, the `httpStatus`, or both; the other follows (an unknown status is an internal error).
 */
export type FakeError = {
  /** Defaults to the code (what tRPC says when an error has no message). */
  message?: string;
  /** Field messages of an invalid input, as zod's `flattenError(...).fieldErrors`: `{ price: ['Price is required'] }`. */
  fieldErrors?: Record<string, string[]> | null;
  /** The field a domain error names (`DomainError.field`), e.g. a duplicate `email`. */
  field?: string | null;
} & ({ code: FakeErrorCode; httpStatus?: number } | { code?: FakeErrorCode; httpStatus: number });

/** A procedure's fake answer: its data, or an error as the server would send it. */
export type FakeAnswer = { data: unknown } | { error: FakeError };

/**
 * Answers one procedure call (`car.list`) of a batch, query or mutation, at once or later (a
 * promise); throwing simulates a network failure.
 */
export type FakeApi = (procedure: string, input: unknown) => FakeAnswer | Promise<FakeAnswer>;

/** One call the client made. */
export interface FakeCall {
  procedure: string;
  /** A query's input (from `?input=`) or a mutation's (from the POST body). */
  input: unknown;
  /** Calls sent in the same HTTP request share a batch number. */
  batch: number;
}

/** One HTTP request of the client (a batch of calls), with its headers. */
export interface FakeRequest {
  procedures: string[];
  headers: Record<string, string>;
}

export interface FakeTrpcOptions {
  /** Receives every call, to assert what was asked. */
  calls?: FakeCall[];
  /** Receives every HTTP request, to assert its headers. */
  requests?: FakeRequest[];
  /**
   * Awaited before each mutation (POST) is recorded and answered, to see a screen mid-write
   * ("disabled while saving"): pass `hold.wait` of {@link createHold}.
   */
  holdWrites?: () => Promise<void>;
}

/** The `fetch` the batch link accepts. */
type BatchFetch = NonNullable<Parameters<typeof httpBatchLink>[0]['fetch']>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function headerRecord(headers: unknown): Record<string, string> {
  if (!isRecord(headers)) return {};
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The wire form of a refusal: tRPC's shape with the `data` the API's error formatter builds. */
function errorResult(error: FakeError, path: string) {
  const code: FakeErrorCode =
    error.code ?? (Object.keys(TRPC_ERRORS) as FakeErrorCode[]).find((key) => TRPC_ERRORS[key][0] === error.httpStatus) ?? 'INTERNAL_SERVER_ERROR';
  const httpStatus = error.httpStatus ?? TRPC_ERRORS[code][0];
  return {
    httpStatus,
    error: {
      message: error.message ?? code,
      code: TRPC_ERRORS[code][1],
      data: { code, httpStatus, path, fieldErrors: error.fieldErrors ?? null, field: error.field ?? null },
    },
  };
}

/**
 * A `fetch` for tRPC's batch link that answers in tRPC's wire format, so the real client,
 * react-query and error parsing run. Queries arrive as GET with the inputs in `?input=`,
 * mutations as POST with them in the body.
 */
export function createFakeTrpcFetch(
  api: FakeApi,
  { calls = [], requests = [], holdWrites }: FakeTrpcOptions = {},
): { fetch: BatchFetch; calls: FakeCall[]; requests: FakeRequest[] } {
  let batches = 0;
  const fakeFetch: BatchFetch = async (input, init) => {
    if (init?.method === 'POST' && holdWrites) await holdWrites();
    const url = new URL(String(input), 'http://localhost');
    const procedures = url.pathname.replace(/^\/trpc\//, '').split(',');
    const raw = typeof init?.body === 'string' ? init.body : url.searchParams.get('input');
    const inputs: unknown = raw ? JSON.parse(raw) : {};
    requests.push({ procedures, headers: headerRecord(init?.headers) });
    batches += 1;
    // Each call is recorded, then asked, in order; a throw (network failure) stops the batch.
    const pending = procedures.map((procedure, index) => {
      const callInput = isRecord(inputs) ? inputs[String(index)] : undefined;
      calls.push({ procedure, input: callInput, batch: batches });
      return api(procedure, callInput);
    });
    const answers = await Promise.all(pending);
    let status = 200;
    const results = answers.map((answer, index) => {
      if ('data' in answer) return { result: { data: answer.data } };
      const { httpStatus, error } = errorResult(answer.error, procedures[index]);
      status = httpStatus;
      return { error };
    });
    // jsdom has no `Response`; the batch link reads only these members.
    return { ok: status < 400, status, headers: new Headers(), json: async () => results };
  };
  return { fetch: fakeFetch, calls, requests };
}

/** A gate for held answers: `wait` resolves once the test calls `release`. */
export function createHold(): { wait: () => Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { wait: () => held, release: () => release() };
}

/** The calls of one procedure, in order. */
export const callsOf = <T extends { procedure: string }>(calls: readonly T[], procedure: string): T[] => calls.filter((call) => call.procedure === procedure);

/**
 * Queries other screens keep in the cache, as if open or recently seen: the public featured cars
 * (which carry their brand) and the activity log. Their calls show whether a write refreshed them.
 */
export function OtherScreensProbe() {
  trpc.car.featured.useQuery();
  trpc.audit.list.useQuery({ page: 1, pageSize: 5 });
  return null;
}

/** Answers the probe's queries; undefined for any other procedure. */
export function otherScreensAnswer(procedure: string): FakeAnswer | undefined {
  return procedure === 'car.featured' || procedure === 'audit.list' ? { data: [] } : undefined;
}

/** `api`, answering the probe's queries too. */
export const withOtherScreens =
  (api: FakeApi): FakeApi =>
  (procedure, input) =>
    otherScreensAnswer(procedure) ?? api(procedure, input);

export interface TestTrpcProviderProps extends FakeTrpcOptions {
  api: FakeApi;
  children: ReactNode;
  /** Sent with every request, as the app's client sends the session's token. */
  headers?: () => Record<string, string>;
  /** Defaults to one without retries, so failures show at once. */
  queryClient?: QueryClient;
}

/** The app's react-query + tRPC providers over a fake API (no retries, so failures show at once). */
export function TestTrpcProvider({ api, children, calls, requests, holdWrites, headers, queryClient }: TestTrpcProviderProps) {
  const [clients] = useState(() => {
    const fake = createFakeTrpcFetch(api, { calls, requests, holdWrites });
    return {
      queryClient: queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
      trpcClient: trpc.createClient({ links: [httpBatchLink({ url: '/trpc', fetch: fake.fetch, headers })] }),
    };
  });
  return (
    <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
      <QueryClientProvider client={clients.queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
