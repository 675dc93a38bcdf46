import { ACCOUNT_SIGN_IN_DELAY, KNOWN_DEVICE_FAILURES } from '@dealership/server-auth';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_ADMIN } from './testing/test-config';
import { useWholeServer } from './testing/whole-server';

/**
 * Password guesses at one account from a botnet (a new address for each guess, behind one proxy),
 * through the whole server and its database counters. Every per-address limit is dodged that way;
 * the account's own failures slow it down instead: one attempt per delay, never a lockout.
 */
describe("an account's failed sign-ins from many addresses (reliability: the whole server)", () => {
  const server = useWholeServer({ TRUST_PROXY: '1' });

  let botnetHost = 0;
  const signIn = (password: string, forwardedFor = `198.18.${Math.floor(++botnetHost / 250)}.${botnetHost % 250}`, knownDevice?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/trpc/user.login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      payload: JSON.stringify({ email: TEST_ADMIN.email, password, ...(knownDevice ? { knownDevice } : {}) }),
    });
  const knownDeviceOf = (res: Awaited<ReturnType<typeof signIn>>) => (res.json() as { result: { data: { knownDevice: string } } }).result.data.knownDevice;

  it('delays the next guess (429, Retry-After, a clear message) once the free failures are spent, and lets the owner in after the wait', async () => {
    for (let guess = 1; guess <= ACCOUNT_SIGN_IN_DELAY.freeFailures + 1; guess++) expect((await signIn(`wrong-guess-${guess}`)).statusCode).toBe(401);

    // A burst of guesses from new addresses: none is checked, each is told to wait.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(`burst-guess-${i}`)));
    expect(burst.map((res) => res.statusCode)).toEqual(burst.map(() => 429));
    const delayed = burst[0];
    const retryAfter = Number(delayed?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(delayed?.json()).toMatchObject({ error: { message: expect.stringMatching(/^Too many failed sign-ins to this account\. Please wait \d+ seconds? before trying again\.$/) } });

    // The owner, after the wait, signs in from their own address: a delay, never a lockout.
    await sleep(retryAfter * 1000 + 100);
    const owner = await signIn(TEST_ADMIN.password, '203.0.113.50');
    expect(owner.statusCode).toBe(200);
    // The success forgave the account's failures: the next wrong password is a plain 401.
    expect((await signIn('wrong-after-success')).statusCode).toBe(401);
  }, 60_000);

  it("lets the owner in from their own browser while a flood of wrong passwords wins every one of the account's slots", async () => {
    const home = '203.0.113.60';
    // The owner signed in from this browser before: it was given a known device of the account.
    const earlier = await signIn(TEST_ADMIN.password, home);
    expect(earlier.statusCode).toBe(200);
    const device = knownDeviceOf(earlier);

    // The attacker spends the free failures, then fires a wrong password every 50 ms from ever new addresses.
    for (let guess = 1; guess <= ACCOUNT_SIGN_IN_DELAY.freeFailures + 1; guess++) expect((await signIn(`flood-${guess}`)).statusCode).toBe(401);
    let flooding = true;
    const flood = (async () => {
      while (flooding) {
        await signIn('flood-poll');
        await sleep(50);
      }
    })();
    try {
      await sleep(1_500);
      // Whoever has no known device waits, the owner on another browser too...
      expect((await signIn(TEST_ADMIN.password, '203.0.113.61')).statusCode).toBe(429);
      // ...while the owner's own browser signs in at once, again and again.
      for (let time = 0; time < 3; time++) {
        const owner = await signIn(TEST_ADMIN.password, home, device);
        expect(owner.statusCode).toBe(200);
        await sleep(300);
      }
    } finally {
      flooding = false;
      await flood;
    }

    // A known device is no way round the delay for a guesser who stole it: past its own few failures it waits too.
    for (let guess = 1; guess <= KNOWN_DEVICE_FAILURES.max; guess++) expect((await signIn(`stolen-${guess}`, `203.0.113.${70 + guess}`, device)).statusCode).toBe(401);
    for (let guess = 1; guess <= ACCOUNT_SIGN_IN_DELAY.freeFailures + 1; guess++) await signIn(`more-${guess}`);
    expect((await signIn('stolen-last', '203.0.113.90', device)).statusCode).toBe(429);
    // A device made up for the account, or another account's, is a stranger's.
    expect((await signIn(TEST_ADMIN.password, '203.0.113.91', `${device.split('.')[0]}.forged`)).statusCode).toBe(429);
  }, 60_000);
});
