/** The channel the catalogue tables' triggers notify on (migration 0016). */
export const CATALOGUE_CHANGED_CHANNEL = 'catalogue_changed';

/** How a process hears a channel's notifications, and whether it is hearing them at all. */
export interface ChannelHandlers {
  /** A notification arrived (its payload). */
  onNotify(payload: string): void;
  /**
   * The listening state: true once LISTEN is in place, false when its connection is lost (the
   * server restarted, say). Notifications sent while not listening are lost for good.
   */
  onListening(listening: boolean): void;
}

/**
 * The catalogue's generation in this process: it moves on every change to cars, their pictures
 * and brands, whether made here (`changed()`, called by the repositories after a write, so a
 * reader of this process sees its own writes at once) or anywhere else (the tables' triggers
 * notify every listening instance after commit).
 *
 * A cache keyed by `version` is exact: an entry is stored under the version read before its query
 * started, so an entry whose query raced a write is never served after that write is known. While
 * notifications are not heard (no LISTEN connection) `version` is undefined and nothing may be
 * served from a cache, since another instance's write would go unseen.
 */
export class CatalogueChanges {
  private generation = 0;
  private listening = false;

  /** The current generation, or undefined while changes made elsewhere could go unseen. */
  get version(): number | undefined {
    return this.listening ? this.generation : undefined;
  }

  /** The catalogue changed (a write of this process, or a notification). */
  changed(): void {
    this.generation++;
  }

  /** Awaits a write to the catalogue tables, then moves the generation (whether it succeeded or not). */
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
