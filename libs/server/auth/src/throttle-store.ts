/** A counter's state in its current fixed window. */
export interface ThrottleCount {
  key: string;
  count: number;
  windowEnd: Date;
}

/**
 * The port where the throttles keep their counters: the database in the app (the user feature
 * provides it), so a restart forgets nothing and several processes share them.
 */
export interface ThrottleStore {
  /**
   * Adds 1 to each key's counter in its current window (starting a window of `windowMs` at `now`
   * for a key without one or whose window has ended), atomically per key; returns the new counts.
   */
  hit(keys: { key: string; windowMs: number }[], now: Date): Promise<ThrottleCount[]>;
  /** Takes 1 back from each key's counter (an attempt that was refused or did not fail). */
  takeBack(keys: string[]): Promise<void>;
  /** Forgets a key's counter. */
  clear(key: string): Promise<void>;
  /** Forgets every counter whose key names `part` (an email address, when its account is deleted). */
  clearNaming(part: string): Promise<void>;
}

/** Injection token of the `ThrottleStore`. */
export const THROTTLE_STORE = Symbol('THROTTLE_STORE');
