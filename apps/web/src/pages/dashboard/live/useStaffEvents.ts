import type { StaffEvent } from '@dealership/shared-schemas';
import { useEffect, useEffectEvent, useState } from 'react';
import { readStaffStream, reconnectDelayMs } from './staff-event-stream';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Holds the back office's live stream open while `token` is set (one per admin layout), hands
 * each event to `onEvent`, and reconnects with backoff when it drops; a new token (login) or none
 * (logout) closes it. Returns whether the stream is live: until it is (and whenever it is down),
 * the caller polls instead.
 */
export function useStaffEvents(token: string | null | undefined, onEvent: (event: StaffEvent) => void): boolean {
  const [live, setLive] = useState(false);
  const handle = useEffectEvent((event: StaffEvent) => {
    if (event.kind === 'ready') setLive(true);
    onEvent(event);
  });

  useEffect(() => {
    if (!token) return undefined;
    const abort = new AbortController();
    void (async () => {
      let failures = 0;
      while (!abort.signal.aborted) {
        let end: Awaited<ReturnType<typeof readStaffStream>> = 'ended';
        try {
          end = await readStaffStream(
            token,
            (event) => {
              // A stream that got as far as `ready` was a success: the next drop starts the backoff afresh.
              if (event.kind === 'ready') failures = 0;
              handle(event);
            },
            abort.signal,
          );
        } catch {
          // The network or an abort: retried below unless aborted.
        }
        if (abort.signal.aborted) return;
        setLive(false);
        if (end === 'refused') return;
        await sleep(reconnectDelayMs(failures++), abort.signal);
      }
    })();
    return () => {
      abort.abort();
      setLive(false);
    };
  }, [token]);

  return live;
}
