import { LoginThrottledError } from './auth.errors';
import { LOGIN_THROTTLE, LoginThrottle, WindowCounter } from './login-throttle';

describe('WindowCounter', () => {
  it('blocks a key at its limit until the window ends', () => {
    const counter = new WindowCounter(3, 1000);
    for (let i = 0; i < 2; i++) counter.add('k', 0);
    expect(counter.blockedFor('k', 10)).toBe(0);
    counter.add('k', 10);
    expect(counter.blockedFor('k', 10)).toBe(990);
    expect(counter.blockedFor('other', 10)).toBe(0);
    expect(counter.blockedFor('k', 1000)).toBe(0);
    counter.add('k', 1000);
    expect(counter.blockedFor('k', 1000)).toBe(0);
  });

  it('takes an attempt back and forgets a key', () => {
    const counter = new WindowCounter(2, 1000);
    counter.add('k', 0);
    counter.add('k', 0);
    counter.subtract('k');
    expect(counter.blockedFor('k', 0)).toBe(0);
    counter.add('k', 0);
    counter.clear('k');
    expect(counter.blockedFor('k', 0)).toBe(0);
  });

  it('keeps at most maxKeys entries, dropping expired then oldest windows', () => {
    const counter = new WindowCounter(1, 1000, 3);
    counter.add('a', 0);
    counter.add('b', 500);
    counter.add('c', 600);
    counter.add('d', 1200); // 'a' has expired
    expect(counter.size).toBe(3);
    counter.add('e', 1300); // nothing expired: the oldest ('b') goes
    expect(counter.size).toBe(3);
    expect(counter.blockedFor('b', 1300)).toBe(0);
    expect(counter.blockedFor('e', 1300)).toBeGreaterThan(0);
  });
});

describe('LoginThrottle', () => {
  const { maxFailuresPerAccount, maxFailuresPerIp, windowMs } = LOGIN_THROTTLE;

  it('refuses an account after its failures, from any address, until the window ends', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < maxFailuresPerAccount; i++) throttle.begin(`10.0.0.${i}`, 'a@b.co', 0);
    expect(() => throttle.begin('10.0.1.1', 'a@b.co', 1000)).toThrow(LoginThrottledError);
    expect(() => throttle.begin('10.0.1.1', 'a@b.co', 1000)).toThrow(/try again in 15 minutes/);
    expect(() => throttle.begin('10.0.1.1', 'other@b.co', 1000)).not.toThrow();
    expect(() => throttle.begin('10.0.1.1', 'a@b.co', windowMs)).not.toThrow();
  });

  it('refuses an address after its failures, whatever the account', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < maxFailuresPerIp; i++) throttle.begin('10.0.0.1', `u${i}@b.co`, 0);
    expect(() => throttle.begin('10.0.0.1', 'fresh@b.co', 0)).toThrow(LoginThrottledError);
    expect(() => throttle.begin('10.0.0.2', 'fresh@b.co', 0)).not.toThrow();
  });

  it('forgives an account its failures on success, but not the address', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < maxFailuresPerAccount - 1; i++) throttle.begin('10.0.0.1', 'a@b.co', 0);
    throttle.begin('10.0.0.1', 'a@b.co', 0);
    throttle.succeeded('10.0.0.1', 'a@b.co');
    for (let i = 0; i < maxFailuresPerAccount; i++) throttle.begin('10.0.0.1', 'a@b.co', 0);
    expect(() => throttle.begin('10.0.0.1', 'a@b.co', 0)).toThrow(LoginThrottledError);
  });
});
