import { LOGIN_THROTTLE } from '@dealership/server-auth';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { TEST_ADMIN, wholeServerTestConfig } from './testing/test-config';
import { startWholeServer, type WholeServer } from './testing/whole-server';

/** An address the attacker makes up for each request. */
const randomAddress = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * Spoofed `X-Forwarded-For` against the login throttle, through the whole server. Requests reach
 * it from 127.0.0.1 (the proxy in these tests); the attacker writes a fresh address into the
 * header each time, and the proxy appends the attacker's real one. `TRUST_PROXY=true` believed the
 * leftmost entry, so every guess came from "somewhere else": it is refused now, and a hop count or
 * the proxies' addresses take the client from the right.
 */
describe('TRUST_PROXY against a spoofed X-Forwarded-For (reliability: the whole server)', () => {
  const running: WholeServer[] = [];

  const start = async (trustProxy: string) => {
    const server = await startWholeServer({ TRUST_PROXY: trustProxy });
    running.push(server);
    return server.app;
  };

  afterAll(async () => {
    for (const server of running) await server.close();
  });

  const wrongLogin = (app: NestFastifyApplication, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/trpc/user.login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      payload: JSON.stringify({ email: TEST_ADMIN.email, password: 'not-the-password-1' }),
    });

  it('refuses TRUST_PROXY=true at start, saying what to set instead', () => {
    expect(() => wholeServerTestConfig(tmpdir(), { TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would believe whatever X-Forwarded-For a client sends: set the number of proxies in front of the server \(1 behind one nginx, 2 behind a load balancer and nginx\) or their addresses\/CIDRs/,
    );
  });

  // One nginx (hop count or its address), then a load balancer and nginx: the real client is the
  // entry the first proxy appended, whatever the attacker put on its left.
  it.each([
    ['1', (spoofed: string) => `${spoofed}, 203.0.113.7`],
    ['127.0.0.1,::1', (spoofed: string) => `${spoofed}, 203.0.113.7`],
    ['2', (spoofed: string) => `${spoofed}, 203.0.113.7, 10.0.3.4`],
    ['loopback,10.0.0.0/16', (spoofed: string) => `${spoofed}, 203.0.113.7, 10.0.3.4`],
  ])('TRUST_PROXY=%s: a random X-Forwarded-For per guess still meets the login throttle (429, Retry-After)', async (trustProxy, forwardedFor) => {
    const app = await start(trustProxy);
    for (let guess = 1; guess <= LOGIN_THROTTLE.maxFailuresPerAccountAndIp; guess++) {
      const res = await wrongLogin(app, forwardedFor(randomAddress()));
      expect({ guess, status: res.statusCode }).toEqual({ guess, status: 401 });
    }
    const refused = await wrongLogin(app, forwardedFor(randomAddress()));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor behind the same proxy is not throttled by the attacker's guesses.
    const other = await wrongLogin(app, forwardedFor('198.51.100.1').replace('203.0.113.7', '203.0.113.8'));
    expect(other.statusCode).toBe(401);
  }, 60_000);
});
