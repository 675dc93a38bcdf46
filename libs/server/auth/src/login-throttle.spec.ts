import type { ModuleRef } from '@nestjs/core';
import { AccountSignInDelayedError, LeadThrottledError, LoginThrottledError, RegistrationThrottledError } from './auth.errors';
import {
  ACCOUNT_SIGN_IN_DELAY,
  accountSignInDelayMs,
  LEAD_THROTTLE,
  LeadThrottle,
  LOGIN_THROTTLE,
  LoginThrottle,
  REGISTRATION_THROTTLE,
  RegistrationThrottle,
} from './login-throttle';
import type { ThrottleCount, ThrottleStore } from './throttle-store';

/** The store's contract in memory (the app's is the database table, tested in user-server). */
class MemoryThrottleStore implements ThrottleStore {
  readonly counters = new Map<string, { count: number; windowEnd: Date }>();

  async hit(keys: { key: string; windowMs: number }[], now: Date): Promise<ThrottleCount[]> {
    return keys.map(({ key, windowMs }) => {
      const entry = this.counters.get(key);
      const next =
        entry && entry.windowEnd > now ? { count: entry.count + 1, windowEnd: entry.windowEnd } : { count: 1, windowEnd: new Date(now.getTime() + windowMs) };
      this.counters.set(key, next);
      return { key, ...next };
    });
  }

  async takeBack(keys: string[]): Promise<void> {
    for (const key of keys) {
      const entry = this.counters.get(key);
      if (entry) entry.count = Math.max(0, entry.count - 1);
    }
  }

  async clear(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async clearNaming(part: string): Promise<void> {
    for (const key of [...this.counters.keys()]) if (key.includes(part)) this.counters.delete(key);
  }
}

const withStore = <T>(Throttle: new (moduleRef: ModuleRef) => T) => {
  const store = new MemoryThrottleStore();
  return { store, throttle: new Throttle({ get: () => store } as unknown as ModuleRef) };
};

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23) + ms);

describe('LoginThrottle', () => {
  const { maxFailuresPerAccountAndIp, maxFailuresPerIp, windowMs } = LOGIN_THROTTLE;

  it('refuses an account from one address after its failures there, until the window ends', async () => {
    const { throttle } = withStore(LoginThrottle);
    for (let i = 0; i < maxFailuresPerAccountAndIp; i++) await throttle.begin('10.0.0.1', 'a@b.co', at(0));
    await expect(throttle.begin('10.0.0.1', 'a@b.co', at(1000))).rejects.toThrow(LoginThrottledError);
    await expect(throttle.begin('10.0.0.1', 'a@b.co', at(1000))).rejects.toMatchObject({ retryAfterSeconds: windowMs / 1000 - 1 });
    await expect(throttle.begin('10.0.0.1', 'a@b.co', at(1000))).rejects.toThrow(/try again in 15 minutes/);
    // Not the account from elsewhere (the owner, or the admin, still signs in), nor other accounts.
    await expect(throttle.begin('10.0.9.9', 'a@b.co', at(1000))).resolves.toBeUndefined();
    await expect(throttle.begin('10.0.0.1', 'other@b.co', at(1000))).resolves.toBeUndefined();
    await expect(throttle.begin('10.0.0.1', 'a@b.co', at(windowMs))).resolves.toBeUndefined();
  });

  it('refuses an address after its failures, whatever the account', async () => {
    const { throttle } = withStore(LoginThrottle);
    for (let i = 0; i < maxFailuresPerIp; i++) await throttle.begin('10.0.0.1', `u${i}@b.co`, at(0));
    await expect(throttle.begin('10.0.0.1', 'fresh@b.co', at(0))).rejects.toThrow(LoginThrottledError);
    await expect(throttle.begin('10.0.0.2', 'fresh@b.co', at(0))).resolves.toBeUndefined();
  });

  it('does not count refused attempts', async () => {
    const { throttle, store } = withStore(LoginThrottle);
    for (let i = 0; i < maxFailuresPerIp; i++) await throttle.begin('10.0.0.1', `u${i}@b.co`, at(0));
    for (let i = 0; i < 3; i++) await expect(throttle.begin('10.0.0.1', 'u0@b.co', at(0))).rejects.toThrow(LoginThrottledError);
    expect(store.counters.get('login-ip:10.0.0.1')?.count).toBe(maxFailuresPerIp);
    expect(store.counters.get('login-pair:u0@b.co|10.0.0.1')?.count).toBe(1);
  });

  it('forgives the pair its failures on success, but not the address', async () => {
    const { throttle, store } = withStore(LoginThrottle);
    for (let i = 0; i < maxFailuresPerAccountAndIp; i++) await throttle.begin('10.0.0.1', 'a@b.co', at(0));
    await throttle.succeeded('10.0.0.1', 'a@b.co');
    expect(store.counters.get('login-ip:10.0.0.1')?.count).toBe(maxFailuresPerAccountAndIp - 1);
    for (let i = 0; i < maxFailuresPerAccountAndIp; i++) await throttle.begin('10.0.0.1', 'a@b.co', at(0));
    await expect(throttle.begin('10.0.0.1', 'a@b.co', at(0))).rejects.toThrow(LoginThrottledError);
  });

  it("slows an account's attempts down after its failures from any number of addresses, never locking it", async () => {
    const { throttle } = withStore(LoginThrottle);
    const { freeFailures, maxDelayMs } = ACCOUNT_SIGN_IN_DELAY;
    const from = (n: number) => `10.${Math.floor(n / 250)}.${n % 250}.1`;
    for (let i = 0; i < freeFailures; i++) await throttle.begin(from(i), 'a@b.co', at(0));
    // The first failure past the free ones opens a 1 s slot: that attempt goes through, the next waits.
    await expect(throttle.begin(from(100), 'a@b.co', at(0))).resolves.toBeUndefined();
    await expect(throttle.begin(from(101), 'a@b.co', at(0))).rejects.toThrow(AccountSignInDelayedError);
    await expect(throttle.begin(from(102), 'a@b.co', at(500))).rejects.toMatchObject({ retryAfterSeconds: 1 });
    await expect(throttle.begin(from(102), 'a@b.co', at(500))).rejects.toThrow('Too many failed sign-ins to this account. Please wait 1 second before trying again.');
    // Waiting lets one attempt through; the next slot is twice as long.
    await expect(throttle.begin(from(103), 'a@b.co', at(1_000))).resolves.toBeUndefined();
    await expect(throttle.begin(from(104), 'a@b.co', at(1_000))).rejects.toMatchObject({ retryAfterSeconds: 2 });
    await expect(throttle.begin(from(105), 'a@b.co', at(3_000))).resolves.toBeUndefined();
    await expect(throttle.begin(from(106), 'a@b.co', at(3_000))).rejects.toMatchObject({ retryAfterSeconds: 4 });
    // Other accounts are not slowed down; the account's owner signing in forgives its failures.
    await expect(throttle.begin(from(107), 'other@b.co', at(3_000))).resolves.toBeUndefined();
    await expect(throttle.begin(from(108), 'a@b.co', at(7_000))).resolves.toBeUndefined();
    await throttle.succeeded(from(108), 'a@b.co');
    await expect(throttle.begin(from(109), 'a@b.co', at(7_000))).resolves.toBeUndefined();
    await expect(throttle.begin(from(110), 'a@b.co', at(7_000))).resolves.toBeUndefined();
    expect(accountSignInDelayMs(freeFailures)).toBe(0);
    expect(accountSignInDelayMs(freeFailures + 1)).toBe(1_000);
    expect(accountSignInDelayMs(freeFailures + 4)).toBe(8_000);
    // Never more than the cap, however many failures: the owner always gets in after a while.
    expect(accountSignInDelayMs(freeFailures + 1_000_000)).toBe(maxDelayMs);
  });

  it('counts emails whatever their case', async () => {
    const { throttle } = withStore(LoginThrottle);
    for (let i = 0; i < maxFailuresPerAccountAndIp; i++) await throttle.begin('10.0.0.1', i % 2 ? 'A@B.co' : 'a@b.co', at(0));
    await expect(throttle.begin('10.0.0.1', 'a@B.CO', at(0))).rejects.toThrow(LoginThrottledError);
  });
});

describe('RegistrationThrottle', () => {
  it('allows REGISTRATION_THROTTLE.maxPerIp registrations per address and window', async () => {
    const { throttle } = withStore(RegistrationThrottle);
    for (let i = 0; i < REGISTRATION_THROTTLE.maxPerIp; i++) await throttle.begin('10.0.0.1', at(0));
    await expect(throttle.begin('10.0.0.1', at(60_000))).rejects.toThrow(RegistrationThrottledError);
    await expect(throttle.begin('10.0.0.1', at(60_000))).rejects.toMatchObject({ retryAfterSeconds: REGISTRATION_THROTTLE.windowMs / 1000 - 60 });
    await expect(throttle.begin('10.0.0.2', at(60_000))).resolves.toBeUndefined();
    await expect(throttle.begin('10.0.0.1', at(REGISTRATION_THROTTLE.windowMs))).resolves.toBeUndefined();
  });
});

describe('LeadThrottle', () => {
  const { maxPerIpShort, shortWindowMs, maxPerIpDay, dayWindowMs } = LEAD_THROTTLE;

  it('allows a few requests per address in ten minutes, then says when to come back', async () => {
    const { throttle, store } = withStore(LeadThrottle);
    for (let i = 0; i < maxPerIpShort; i++) await throttle.begin('10.0.0.1', at(0));
    await expect(throttle.begin('10.0.0.1', at(60_000))).rejects.toThrow(LeadThrottledError);
    await expect(throttle.begin('10.0.0.1', at(60_000))).rejects.toMatchObject({
      retryAfterSeconds: shortWindowMs / 1000 - 60,
      message: expect.stringMatching(/try again in 9 minutes, or call us/),
    });
    // Refused requests are not counted; another address is not limited.
    expect(store.counters.get('lead-ip-10m:10.0.0.1')?.count).toBe(maxPerIpShort);
    await expect(throttle.begin('10.0.0.2', at(60_000))).resolves.toEqual({ quiet: false });
    await expect(throttle.begin('10.0.0.1', at(shortWindowMs))).resolves.toEqual({ quiet: false });
  });

  it("caps an address's day, however it spreads its requests", async () => {
    const { throttle } = withStore(LeadThrottle);
    const windows = maxPerIpDay / maxPerIpShort;
    for (let w = 0; w < windows; w++) for (let i = 0; i < maxPerIpShort; i++) await throttle.begin('10.0.0.1', at(w * shortWindowMs));
    const later = windows * shortWindowMs;
    await expect(throttle.begin('10.0.0.1', at(later))).rejects.toMatchObject({
      retryAfterSeconds: (dayWindowMs - later) / 1000,
      message: expect.stringMatching(/try again in 24 hours, or call us/),
    });
    await expect(throttle.begin('10.0.0.1', at(dayWindowMs))).resolves.toEqual({ quiet: false });
  });
});
