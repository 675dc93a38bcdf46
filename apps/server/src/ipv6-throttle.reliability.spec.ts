import { LEAD_THROTTLE, LOGIN_THROTTLE } from '@dealership/server-auth';
import { randomInt } from 'node:crypto';
import { TEST_ADMIN } from './testing/test-config';
import { useWholeServer } from './testing/whole-server';

/** A fresh address in the attacker's /64 (2^64 of them to pick from), as a privacy-extension host rotates. */
const inAttackersPrefix = () => `2001:db8:77:1:${[0, 0, 0, 0].map(() => randomInt(0x10000).toString(16)).join(':')}`;

/**
 * An IPv6 client rotating through the addresses of its own /64 against the per-address throttles,
 * through the whole server behind one proxy (`TRUST_PROXY=1`). Counted per /128 every request was a
 * new client; counted per /64 the rotation meets the same limits as one address.
 */
describe('IPv6 address rotation within a /64 (reliability: the whole server)', () => {
  const server = useWholeServer({ TRUST_PROXY: '1' });

  const post = (procedure: string, body: unknown, forwardedFor: string) =>
    server.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      payload: JSON.stringify(body),
    });

  it('wrong passwords for one account from ever-new addresses of one /64 meet the login throttle', async () => {
    const guess = () => post('user.login', { email: TEST_ADMIN.email, password: 'not-the-password-1' }, inAttackersPrefix());
    for (let attempt = 1; attempt <= LOGIN_THROTTLE.maxFailuresPerAccountAndIp; attempt++) expect((await guess()).statusCode).toBe(401);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The admin, from another network, still signs in.
    expect((await post('user.login', TEST_ADMIN, '2001:db8:99:1::5')).statusCode).toBe(200);
  }, 60_000);

  it("buyers' requests from ever-new addresses of one /64 meet the lead throttle; another /64 is not affected", async () => {
    const lead = (address: string) => post('lead.create', { name: 'Rotating Buyer', phone: '0712 345 678', consent: true, message: 'Is the car still available?' }, address);
    for (let request = 1; request <= LEAD_THROTTLE.maxPerIpShort; request++) expect((await lead(inAttackersPrefix())).statusCode).toBe(200);
    const refused = await lead(inAttackersPrefix());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lead('2001:db8:78:1::1')).statusCode).toBe(200);
  }, 60_000);
});
