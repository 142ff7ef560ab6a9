import { isIPv4, isIPv6 } from 'node:net';

// Open-order quotas count by the address a client cannot trivially change (decision 014): an IPv4
// address, or an IPv6 address's /64 (one household or phone gets a whole /64 and may rotate through
// it at will), and cap what a whole network holds: an IPv4 /24 or an IPv6 /48.

interface QuotaKeys {
  /**
   * What an order is counted under, stored as orders.client_ip: "203.0.113.7"; the /64 of an IPv6
   * address, written out in full ("2001:0db8:0001:0002::/64") so its /48 is a plain text prefix; or,
   * for anything that is no IP address (a proxy's odd X-Forwarded-For), that text as it came.
   */
  address: string;
  /** How every address key of the same /24 or /48 starts ("203.0.113.", "2001:0db8:0001:"); null when the address is no IP. */
  networkPrefix: string | null;
}

const hex4 = (group: number) => group.toString(16).padStart(4, '0');

/** The eight 16-bit groups of an IPv6 address (zone and dotted IPv4 tail allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!;
  if (!isIPv6(text)) return null;
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const front = parse(head!);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function ipv4Keys(octets: number[]): QuotaKeys {
  return { address: octets.join('.'), networkPrefix: `${octets.slice(0, 3).join('.')}.` };
}

/** The quota keys of a request's client address (request.ip). */
export function quotaKeysOf(ip: string): QuotaKeys {
  if (isIPv4(ip)) return ipv4Keys(ip.split('.').map(Number));
  const groups = ipv6Groups(ip);
  if (!groups) return { address: ip, networkPrefix: null };
  // an IPv4 client seen through a dual-stack socket (::ffff:203.0.113.7) is that IPv4 client
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return ipv4Keys([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff]);
  }
  const network = groups.slice(0, 3).map(hex4).join(':');
  return { address: `${network}:${hex4(groups[3]!)}::/64`, networkPrefix: `${network}:` };
}

/** The network an address key belongs to, as people write it ("203.0.113.0/24", "2001:0db8:0001::/48"); null for a key that is no IP. */
export function networkOfKey(address: string): string | null {
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  const match = /^([0-9a-f]{4}:[0-9a-f]{4}:[0-9a-f]{4}):[0-9a-f]{4}::\/64$/.exec(address);
  return match ? `${match[1]}::/48` : null;
}
