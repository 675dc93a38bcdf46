import { STAFF_EVENTS_PATH, type StaffEvent, StaffEventSchema } from '@dealership/shared-schemas';

/**
 * Splits server-sent-events text into the `data` of each complete message, keeping an unfinished
 * one for the next chunk. Only what `GET /api/staff/events` sends: `data:` lines and comments
 * (heartbeats), messages ended by a blank line.
 */
export class EventStreamSplitter {
  private pending = '';

  push(text: string): string[] {
    this.pending += text.replace(/\r\n?/g, '\n');
    const messages = this.pending.split('\n\n');
    this.pending = messages.pop() ?? '';
    return messages.flatMap((message) => {
      const data = message
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''));
      return data.length > 0 ? [data.join('\n')] : [];
    });
  }
}

/** Waits before reconnecting after the `attempt`th failure in a row: 1 s, 2 s, 4 s ... at most 30 s, jittered so tabs spread out. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** Why a stream stopped: ended by the server or the network (reconnect), or refused for good (do not). */
export type StreamEnd = 'ended' | 'refused';

/**
 * Reads one staff stream until it ends. EventSource cannot send the `Authorization` header, so
 * it is `fetch` and the body's reader. 401/403 are final (signed out, not an admin); anything
 * else, including 429 (too many tabs), is worth another try later.
 */
export async function readStaffStream(token: string, onEvent: (event: StaffEvent) => void, signal: AbortSignal): Promise<StreamEnd> {
  const res = await fetch(STAFF_EVENTS_PATH, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, cache: 'no-store', signal });
  if (res.status === 401 || res.status === 403) return 'refused';
  if (!res.ok || !res.body) return 'ended';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const splitter = new EventStreamSplitter();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'ended';
    for (const data of splitter.push(decoder.decode(value, { stream: true }))) {
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        continue;
      }
      // A kind this build does not know (a newer server) is skipped, not fatal.
      const event = StaffEventSchema.safeParse(json);
      if (event.success) onEvent(event.data);
    }
  }
}
