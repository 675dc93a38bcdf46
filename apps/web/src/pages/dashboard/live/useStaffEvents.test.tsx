import { STAFF_EVENTS_PATH, type StaffEvent } from '@dealership/shared-schemas';
import { act, renderHook, waitFor } from '@testing-library/react';
import { EventStreamSplitter, reconnectDelayMs } from './staff-event-stream';
import { useStaffEvents } from './useStaffEvents';

const LEAD_ID = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';

/** A response whose body the test writes into, chunk by chunk, and ends. */
function streamingResponse(status = 200) {
  const chunks: (Uint8Array | null)[] = [];
  const waiting: ((chunk: Uint8Array | null) => void)[] = [];
  const deliver = (chunk: Uint8Array | null) => {
    const reader = waiting.shift();
    if (reader) reader(chunk);
    else chunks.push(chunk);
  };
  const body = {
    getReader: () => ({
      read: () =>
        new Promise<{ done: boolean; value?: Uint8Array }>((resolve) => {
          const take = (chunk: Uint8Array | null) => resolve(chunk ? { done: false, value: chunk } : { done: true });
          if (chunks.length > 0) take(chunks.shift() ?? null);
          else waiting.push(take);
        }),
    }),
  };
  return {
    response: { status, ok: status >= 200 && status < 300, body } as unknown as Response,
    write: (text: string) => deliver(new TextEncoder().encode(text)),
    end: () => deliver(null),
  };
}

describe('EventStreamSplitter', () => {
  it('gives the data of each complete message, across chunks, skipping heartbeats', () => {
    const splitter = new EventStreamSplitter();
    expect(splitter.push('data: {"kind":"rea')).toEqual([]);
    expect(splitter.push('dy"}\n\n: heartbeat\n\ndata: {"kind":"lead",')).toEqual(['{"kind":"ready"}']);
    expect(splitter.push(`"id":"${LEAD_ID}"}\r\n\r\n`)).toEqual([`{"kind":"lead","id":"${LEAD_ID}"}`]);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s up to 30 s, spread by up to a quarter either way', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => reconnectDelayMs(attempt, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelayMs(0, () => 0)).toBe(750);
    expect(reconnectDelayMs(0, () => 1)).toBe(1250);
  });
});

describe('useStaffEvents', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
  });

  it('reads the stream with the bearer token, is live from `ready`, and reconnects when it drops', async () => {
    const first = streamingResponse();
    const second = streamingResponse();
    const fetchMock = jest.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    globalThis.fetch = fetchMock;
    const events: StaffEvent[] = [];
    const { result } = renderHook(() => useStaffEvents('token-1', (event) => events.push(event)));

    expect(result.current).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith(
      STAFF_EVENTS_PATH,
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer token-1' }) }),
    );
    act(() => first.write('data: {"kind":"ready"}\n\n'));
    await waitFor(() => expect(result.current).toBe(true));
    act(() => first.write(`data: {"kind":"lead","id":"${LEAD_ID}"}\n\n`));
    await waitFor(() => expect(events).toEqual([{ kind: 'ready' }, { kind: 'lead', id: LEAD_ID }]));

    // The server goes away (a restart): polling takes over until the next `ready`.
    act(() => first.end());
    await waitFor(() => expect(result.current).toBe(false));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 3000 });
    act(() => second.write('data: {"kind":"ready"}\n\n'));
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('stops for good on 401 or 403, and opens nothing without a token', async () => {
    const fetchMock = jest.fn().mockResolvedValue(streamingResponse(403).response);
    globalThis.fetch = fetchMock;
    renderHook(() => useStaffEvents(null, () => undefined));
    expect(fetchMock).not.toHaveBeenCalled();

    const { result } = renderHook(() => useStaffEvents('customer-token', () => undefined));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(false);
  });

  it('closes the stream on logout (the token goes)', async () => {
    const stream = streamingResponse();
    const fetchMock = jest.fn().mockResolvedValue(stream.response);
    globalThis.fetch = fetchMock;
    const { result, rerender } = renderHook(({ token }) => useStaffEvents(token, () => undefined), { initialProps: { token: 'token-1' as string | null } });
    act(() => stream.write('data: {"kind":"ready"}\n\n'));
    await waitFor(() => expect(result.current).toBe(true));
    const signal = (fetchMock.mock.calls[0][1] as RequestInit).signal;
    rerender({ token: null });
    expect(signal?.aborted).toBe(true);
    expect(result.current).toBe(false);
  });
});
