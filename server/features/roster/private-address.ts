import net from 'node:net';

/**
 * Addresses a roster subscription must never reach (SSRF): the machine itself, the private networks
 * behind it, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and the
 * reserved ranges, in IPv4 and IPv6. An IPv6 address is read into its eight groups, however it is
 * written, and judged by prefix: the forms that lead to an IPv4 address are judged as that address.
 */
const blockedV4 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(prefix, bits, 'ipv4');
}

/** Judged after the forms that carry IPv4 (below), so ::ffff:8.8.8.8 is not caught by ::/8. */
const blockedV6 = new net.BlockList();
for (const [prefix, bits] of [
  // Unspecified, loopback, the deprecated IPv4-compatible ::/96 (RFC 4291: nothing is served from it,
  // and ::7f00:1 must not reach 127.0.0.1 through an old stack) and the rest of reserved ::/8.
  ['::', 8],
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): a translator inside some network
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(prefix, bits, 'ipv6');
}

const isPrivateV4 = (address: string) => blockedV4.check(address, 'ipv4');

/** The IPv4 address in two 16-bit groups. */
const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** Groups written as IPv6 text: '0:0:0:0:0:ffff'. */
const hex = (groups: number[]) => groups.map((g) => g.toString(16)).join(':');

/** The eight 16-bit groups of an address net.isIP has already found to be IPv6. */
function groups(address: string): number[] {
  const text = address
    .replace(/%.*$/, '') // zone id: says which interface, not where
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a: string, b: string, c: string, d: string) => hex([(+a << 8) | +b, (+c << 8) | +d]));
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const gap = tail === undefined ? 0 : 8 - part(head).length - part(tail).length;
  return [...part(head), ...Array<string>(gap).fill('0'), ...part(tail)].map((g) => parseInt(g, 16));
}

/** True for an address a subscription may not reach; anything that is not an IP address counts as one. */
export function isPrivateAddress(address: string): boolean {
  const bracketed = /^\[(.*)\]$/.exec(address);
  const text = bracketed ? bracketed[1]! : address;
  const family = net.isIP(text);
  if (family === 4 && !bracketed) return isPrivateV4(text);
  if (family !== 6) return true;

  const g = groups(text);
  const prefix96 = hex(g.slice(0, 6));
  // IPv4-mapped ::ffff:0:0/96, SIIT ::ffff:0:0:0/96 and NAT64 64:ff9b::/96 connect to the IPv4
  // address in the last 32 bits (a dual-stack socket for the mapped form, a translator for the others).
  if (['0:0:0:0:0:ffff', '0:0:0:0:ffff:0', '64:ff9b:0:0:0:0'].includes(prefix96)) return isPrivateV4(v4(g[6]!, g[7]!));
  // 6to4 2002::/16: a 6to4 router sends the packet to the IPv4 address in bits 16-48.
  if (g[0] === 0x2002) return isPrivateV4(v4(g[1]!, g[2]!));
  // Teredo 2001::/32: a local Teredo client talks both to the peer's server (bits 32-64) and to the
  // peer itself, whose IPv4 address is the last 32 bits inverted (RFC 4380 §4).
  if (g[0] === 0x2001 && g[1] === 0) return isPrivateV4(v4(g[2]!, g[3]!)) || isPrivateV4(v4(g[6]! ^ 0xffff, g[7]! ^ 0xffff));
  return blockedV6.check(hex(g), 'ipv6');
}
