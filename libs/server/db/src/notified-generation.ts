import { Logger, type Provider } from '@nestjs/common';
import { DB_HANDLE } from './db.tokens';
import type { ChannelHandlers, DatabaseHandle } from './database';

/**
 * A generation of some tables' content in this process, kept in step with a NOTIFY channel: it
 * moves on every change, whether made here (`changed()`, called by the repositories after a write,
 * so a reader of this process sees its own writes at once) or anywhere else (the tables' triggers
 * notify every listening instance after commit). The catalogue (`CatalogueChanges`, car-data) and
 * the site content (`ContentChanges`) each have one.
 *
 * A cache keyed by `version` is exact: an entry is stored under the version read before its query
 * started, so an entry whose query raced a write is never served after that write is known. While
 * notifications are not heard (no LISTEN connection) `version` is undefined and nothing may be
 * served from a cache, since another instance's write would go unseen.
 */
export class NotifiedGeneration {
  private generation = 0;
  private listening = false;

  /** The current generation, or undefined while changes made elsewhere could go unseen. */
  get version(): number | undefined {
    return this.listening ? this.generation : undefined;
  }

  /** The tables changed (a write of this process, or a notification). */
  changed(): void {
    this.generation++;
  }

  /** Awaits a write to the tables, then moves the generation (whether it succeeded or not). */
  async after<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.changed();
    }
  }

  /** Whether notifications are heard; any change of state starts a new generation (missed notifications). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.generation++;
  }

  /** The handlers that keep it in step with the channel. */
  handlers(): ChannelHandlers {
    return { onNotify: () => this.changed(), onListening: (listening) => this.setListening(listening) };
  }
}

/** What a generation's provider logs when its notifications are lost, and when they are back. */
export interface NotificationLog {
  context: string;
  lost: string;
  back: string;
}

/**
 * Provides `Generation` (a `NotifiedGeneration`) listening on `channel` for as long as the
 * database handle is open, logging when its notifications are lost and back.
 */
export function notifiedGenerationProvider<G extends NotifiedGeneration>(Generation: new () => G, channel: string, log: NotificationLog): Provider {
  const logger = new Logger(log.context);
  return {
    provide: Generation,
    inject: [DB_HANDLE],
    useFactory: async (handle: DatabaseHandle): Promise<G> => {
      const generation = new Generation();
      const { onNotify, onListening } = generation.handlers();
      let lost = false;
      await handle.listen(channel, {
        onNotify,
        onListening: (listening) => {
          onListening(listening);
          if (!listening && !lost) logger.warn(log.lost);
          if (listening && lost) logger.log(log.back);
          lost = !listening;
        },
      });
      return generation;
    },
  };
}
