import type { ModuleRef } from '@nestjs/core';
import { LeadThrottledError, LoginThrottledError, RegistrationThrottledError } from './auth.errors';
import { LEAD_THROTTLE, LeadThrottle, LOGIN_THROTTLE, LoginThrottle, REGISTRATION_THROTTLE, RegistrationThrottle } from './login-throttle';
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
    await expect(throttle.begin('10.0.0.2', at(60_000))).resolves.toBeUndefined();
    await expect(throttle.begin('10.0.0.1', at(shortWindowMs))).resolves.toBeUndefined();
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
    await expect(throttle.begin('10.0.0.1', at(dayWindowMs))).resolves.toBeUndefined();
  });
});
