import type { Client as PgClient } from 'pg';
import type { ChannelHandlers } from './database';

/** Waits before reconnecting a lost LISTEN connection: doubling from the first to the last. */
export interface ListenRetry {
  firstMs: number;
  lastMs: number;
}

const DEFAULT_RETRY: ListenRetry = { firstMs: 250, lastMs: 10_000 };

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would lose the LISTEN when it is
 * recycled), and gets it back after the server restarts or drops it: `onListening(false)` when it is
 * lost, `onListening(true)` once LISTEN is in place again. Returns a function that stops it.
 */
export function listenOnServer(
  Client: typeof PgClient,
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  options: { connectionTimeoutMillis: number; retry?: ListenRetry },
): () => Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  const retry = options.retry ?? DEFAULT_RETRY;
  let stopped = false;
  let current: PgClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = retry.firstMs;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const client = new Client({ connectionString: url, connectionTimeoutMillis: options.connectionTimeoutMillis, keepAlive: true });
    current = client;
    let lost = false;
    const onLost = (): void => {
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      if (stopped) return; // closing on purpose: nothing is lost
      handlers.onListening(false);
      timer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, retry.lastMs);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      return onLost();
    }
    if (stopped || lost) return;
    delay = retry.firstMs;
    handlers.onListening(true);
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => undefined);
  };
}
