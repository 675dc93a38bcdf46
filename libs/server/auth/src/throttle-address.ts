import { BlockList, isIPv4, isIPv6 } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether `ip` is this machine (127.0.0.0/8, ::1, or IPv4-mapped): a proxy on the same host when
 * `TRUST_PROXY` is not set, so every visitor at once. A cap that would then hold the whole site
 * (cars held per address) does not apply to it; the per-account caps still do.
 */
export function isLoopbackAddress(ip: string): boolean {
  const address = throttleAddress(ip);
  if (isIPv4(address)) return LOOPBACK.check(address, 'ipv4');
  return ip.trim().toLowerCase() === '::1';
}

/**
 * The part of a client address that the per-address throttles count. An IPv4 address is one
 * client (or one carrier's NAT). An IPv6 client usually holds a whole /64 (SLAAC, privacy
 * extensions, a phone's or a home's delegated prefix) and can send from any of its 2^64 addresses:
 * counted per /128 it walked around every limit, so it is counted per /64. An IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`, a dual-stack socket) is its IPv4 address.
 */
export function throttleAddress(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros (`::` expanded, a zone id dropped). */
function ipv6Groups(address: string): string[] {
  const [withoutZone = ''] = address.split('%');
  const [head = '', tail] = withoutZone.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').flatMap(ipv4AsGroups));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/** A trailing dotted IPv4 part of an IPv6 address (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) as its two groups. */
function ipv4AsGroups(part: string): string[] {
  if (!part.includes('.')) return [part];
  const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
