import { Injectable } from '@nestjs/common';
import { LoginThrottledError } from './auth.errors';

/**
 * Login throttling. Failed (or still running) attempts are counted per account and per client
 * address in a fixed window; at the limit, further attempts get 429 with `Retry-After` until the
 * window ends, without the password being checked. The address limit is higher because many
 * customers share one public address (mobile carriers' NAT, offices).
 *
 * Written here rather than with @nestjs/throttler: that counts every request, while this counts
 * failures only and forgives an account's failures on a successful login (a customer who signs in
 * six times in a quarter hour is not locked out), which its storage API cannot express.
 */
export const LOGIN_THROTTLE = {
  /** Failures allowed for one email address per window. */
  maxFailuresPerAccount: 5,
  /** Failures allowed from one client address per window, whatever the emails. */
  maxFailuresPerIp: 20,
  windowMs: 15 * 60 * 1000,
} as const;

/** Keys tracked per counter at most: an attacker rotating emails or addresses cannot grow memory without bound. */
const MAX_TRACKED_KEYS = 10_000;

/** Fixed-window counters by key, in memory and bounded (the oldest windows go first when full). */
export class WindowCounter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = MAX_TRACKED_KEYS,
  ) {}

  /** Milliseconds until `key` is under its limit again; 0 when it is now. */
  blockedFor(key: string, now: number): number {
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now || entry.count < this.limit) return 0;
    return entry.resetAt - now;
  }

  add(key: string, now: number): void {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.count++;
      return;
    }
    // Re-inserted, so the Map's order stays oldest window first.
    this.entries.delete(key);
    this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
    this.bound(now);
  }

  subtract(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private bound(now: number): void {
    if (this.entries.size <= this.maxKeys) return;
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}

/**
 * Limits login attempts per account (email) and per client address, with the numbers of
 * `LOGIN_THROTTLE`. An attempt counts from its start (so a parallel burst cannot slip past the
 * limit while passwords are being checked) and is taken back when it succeeds.
 * In memory: one server process, counters reset on restart.
 */
@Injectable()
export class LoginThrottle {
  private readonly accounts = new WindowCounter(LOGIN_THROTTLE.maxFailuresPerAccount, LOGIN_THROTTLE.windowMs);
  private readonly addresses = new WindowCounter(LOGIN_THROTTLE.maxFailuresPerIp, LOGIN_THROTTLE.windowMs);

  /** Counts an attempt, or throws `LoginThrottledError` when the account or the address is at its limit. */
  begin(ip: string, email: string, now = Date.now()): void {
    const waitMs = Math.max(this.accounts.blockedFor(email, now), this.addresses.blockedFor(ip, now));
    if (waitMs > 0) throw new LoginThrottledError(Math.ceil(waitMs / 1000));
    this.accounts.add(email, now);
    this.addresses.add(ip, now);
  }

  /**
   * The attempt succeeded: it is not a failure, and the account's earlier failures are forgiven.
   * The address keeps its other failures (signing in to one's own account between guesses at
   * others must not reset them).
   */
  succeeded(ip: string, email: string): void {
    this.accounts.clear(email);
    this.addresses.subtract(ip);
  }
}
