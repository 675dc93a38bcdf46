/** What a stub received, and promises of what it has yet to receive. */
export interface Received<T> {
  items: T[];
  /** Records an arrival and settles the waits it matches. */
  add(item: T): void;
  /** The first arrival (past or to come) that `match` accepts; rejects after `timeoutMs`, listing what did arrive. */
  waitFor(match: (item: T) => boolean, timeoutMs: number): Promise<T>;
}

export function received<T>(describe: (item: T) => string, noun: string): Received<T> {
  const items: T[] = [];
  const waiters = new Set<{ match: (item: T) => boolean; resolve: (item: T) => void }>();
  return {
    items,
    add(item) {
      items.push(item);
      for (const waiter of [...waiters]) {
        if (waiter.match(item)) {
          waiters.delete(waiter);
          waiter.resolve(item);
        }
      }
    },
    waitFor(match, timeoutMs) {
      const found = items.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (item: T) => (clearTimeout(timer), resolve(item)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no ${noun} matched within ${timeoutMs} ms (received: ${items.map(describe).join('; ') || 'none'})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}
