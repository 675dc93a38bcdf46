import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { trpc } from '../lib/trpc';

/** A procedure's fake answer: its data, or an error with the tRPC code the server would send. */
export type FakeAnswer = { data: unknown } | { error: { code: 'NOT_FOUND' | 'BAD_REQUEST' | 'INTERNAL_SERVER_ERROR'; message?: string } };

/** Answers one procedure call (`car.list`) of a batch; throwing simulates a network failure. */
export type FakeApi = (procedure: string, input: unknown) => FakeAnswer;

/** One call the client made. */
export interface FakeCall {
  procedure: string;
  input: unknown;
  /** Calls sent in the same HTTP request share a batch number. */
  batch: number;
}

/** The `fetch` the batch link accepts. */
type BatchFetch = NonNullable<Parameters<typeof httpBatchLink>[0]['fetch']>;

const STATUS = { NOT_FOUND: 404, BAD_REQUEST: 400, INTERNAL_SERVER_ERROR: 500 } as const;
const JSON_RPC = { NOT_FOUND: -32004, BAD_REQUEST: -32600, INTERNAL_SERVER_ERROR: -32603 } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * A `fetch` for tRPC's batch link that answers in tRPC's wire format, so the real client,
 * react-query and error parsing run. Queries arrive as GET with the inputs in `?input=`.
 */
export function createFakeTrpcFetch(api: FakeApi, calls: FakeCall[] = []): { fetch: BatchFetch; calls: FakeCall[] } {
  let batches = 0;
  const fakeFetch: BatchFetch = async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const procedures = url.pathname.replace(/^\/trpc\//, '').split(',');
    const raw = url.searchParams.get('input');
    const inputs: unknown = raw ? JSON.parse(raw) : {};
    batches += 1;
    let status = 200;
    const results = procedures.map((procedure, index) => {
      const callInput = isRecord(inputs) ? inputs[String(index)] : undefined;
      calls.push({ procedure, input: callInput, batch: batches });
      const answer = api(procedure, callInput);
      if ('data' in answer) return { result: { data: answer.data } };
      const { code, message = code } = answer.error;
      status = STATUS[code];
      return { error: { message, code: JSON_RPC[code], data: { code, httpStatus: STATUS[code], path: procedure } } };
    });
    // jsdom has no `Response`; the batch link reads only these members.
    return { ok: status < 400, status, headers: new Headers(), json: async () => results };
  };
  return { fetch: fakeFetch, calls };
}

export interface TestTrpcProviderProps {
  api: FakeApi;
  children: ReactNode;
  /** Receives the calls list, to assert what was asked. */
  calls?: FakeCall[];
}

/** The app's react-query + tRPC providers over a fake API (no retries, so failures show at once). */
export function TestTrpcProvider({ api, children, calls }: TestTrpcProviderProps) {
  const [clients] = useState(() => {
    const fake = createFakeTrpcFetch(api, calls);
    return {
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      trpcClient: trpc.createClient({ links: [httpBatchLink({ url: '/trpc', fetch: fake.fetch })] }),
    };
  });
  return (
    <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
      <QueryClientProvider client={clients.queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
