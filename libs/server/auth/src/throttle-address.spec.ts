import { throttleAddress } from './throttle-address';

describe('throttleAddress', () => {
  it('keeps an IPv4 address whole, and an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const prefix = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '2001:db8:1:2::1.2.3.4', '2001:db8:1:2::9%eth0'])
      expect({ address, key: throttleAddress(address) }).toEqual({ address, key: prefix });
    expect(throttleAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else as it is (a test harness, a unix socket)', () => {
    expect(throttleAddress('unknown')).toBe('unknown');
  });
});
