import ipaddr from 'ipaddr.js';

/*
 * What kind of address an IP is, with ipaddr.js doing the parsing: the dev pages' loopback
 * check, the outbound fetches' refusal of internal addresses and the trusted-proxy ranges all
 * read addresses here, so an IPv4-mapped IPv6 address (::ffff:127.0.0.1, which is what a
 * dual-stack socket reports) is always judged as the IPv4 address it carries.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The parsed address, IPv4-mapped IPv6 unwrapped to IPv4; null when `text` is no IP address. */
export function parseIp(text: string): Address | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // An IPv6 zone (fe80::1%eth0) names an interface, not another address.
  const unzoned = bare.includes(':') ? bare.replace(/%.*$/, '') : bare;
  if (!ipaddr.isValid(unzoned)) return null;
  try {
    return ipaddr.process(unzoned);
  } catch {
    return null;
  }
}

/** The address in its canonical text (IPv4-mapped IPv6 written as IPv4); `text` itself when it is no IP. */
export function canonicalIp(text: string): string {
  return parseIp(text)?.toString() ?? text;
}

/** Whether `text` is a loopback address (127.0.0.0/8, ::1, or either IPv4-mapped). */
export function isLoopbackIp(text: string): boolean {
  return parseIp(text)?.range() === 'loopback';
}

/**
 * Whether `text` is a public unicast address. Everything else is refused as a destination:
 * loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the cloud
 * metadata service, fe80::/10), unique-local fc00::/7, carrier-grade NAT, multicast,
 * unspecified, reserved, and the IPv6 forms that embed an IPv4 address (NAT64, 6to4, Teredo).
 */
export function isPublicIp(text: string): boolean {
  return parseIp(text)?.range() === 'unicast';
}

/** A list of address ranges (CIDR, or a lone address for one host) to test addresses against. */
export class IpRanges {
  private readonly ranges: Array<[Address, number]>;

  constructor(readonly source: readonly string[]) {
    this.ranges = source.map((r) => {
      if (ipaddr.isValidCIDR(r)) {
        const [addr, bits] = ipaddr.parseCIDR(r);
        // A mapped IPv6 range (::ffff:10.0.0.0/104) is the IPv4 range it carries, as the addresses are.
        if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
          return [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96] as [Address, number];
        }
        return [addr, bits] as [Address, number];
      }
      const one = parseIp(r);
      if (!one) throw new Error(`not an IP address or CIDR range: ${r}`);
      return [one, one.kind() === 'ipv4' ? 32 : 128] as [Address, number];
    });
  }

  /** Whether `text` is an address inside one of the ranges. */
  has(text: string): boolean {
    const addr = parseIp(text);
    if (!addr) return false;
    return this.ranges.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
  }

  get empty(): boolean {
    return this.ranges.length === 0;
  }
}

/** Whether every entry of `list` is an address or a CIDR range (for configuration checks). */
export function invalidRanges(list: readonly string[]): string[] {
  return list.filter((r) => !ipaddr.isValidCIDR(r) && !parseIp(r));
}
